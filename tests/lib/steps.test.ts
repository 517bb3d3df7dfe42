// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { runAtOnce, runInTasks, type Steps } from '../../src/lib/steps.ts';

/** Three steps that log themselves, then return what they built. */
function* threeSteps(log: string[]): Steps<string> {
  log.push('one');
  yield;
  log.push('two');
  yield;
  log.push('three');
  return 'built';
}

describe('steps', () => {
  it('runAtOnce runs every step now and returns the result', () => {
    const log: string[] = [];
    expect(runAtOnce(threeSteps(log))).toBe('built');
    expect(log).toEqual(['one', 'two', 'three']);
  });

  it('runInTasks gives the event loop back between steps', async () => {
    const log: string[] = [];
    // A task queued before the run: it gets its turn after the first step, not after the last.
    setTimeout(() => log.push('other task'), 0);
    const result = runInTasks(threeSteps(log));
    expect(log).toEqual(['one']);
    expect(await result).toBe('built');
    expect(log).toEqual(['one', 'other task', 'two', 'three']);
  });
});
