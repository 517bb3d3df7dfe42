/**
 * Promises a test settles by hand.
 *
 * - `deferred<T>()`: one promise with its resolve and reject in hand (machine
 *   tests that provide an actor returning it).
 * - `PendingCalls`: fake async functions (API methods, gateway calls, invoked
 *   actors) whose every call returns a promise that waits until the test
 *   settles it by name; it also records each call's arguments.
 * - `flushPromises()`: lets the promise callbacks queued so far run.
 * - `failsOnce(error, then)`: an async function that fails the first time
 *   (a retry test's first try).
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A promise the test settles by hand. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Waits one macrotask: every promise already settled has had its callbacks run. */
export const flushPromises = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** An async function whose first call fails with `error`; every later call answers `then()`. */
export function failsOnce<T>(error: unknown, then: () => T): () => Promise<T> {
  let calls = 0;
  return async () => {
    calls += 1;
    if (calls === 1) throw error;
    return then();
  };
}

/**
 * How a call ends: `{ output }` resolves it, `{ error }` rejects it. An actor
 * outcome event (`xstate.done.actor.*` with `output`, `xstate.error.actor.*`
 * with `error`) is one as it is.
 */
export type Outcome = { output: unknown } | { error: unknown };

interface PendingCall {
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
  settled: boolean;
}

/** Every call of the faked async functions, each a promise the test settles by name. */
export class PendingCalls {
  private readonly calls = new Map<string, PendingCall[]>();

  /** A spy whose every call waits under `name` until `settle(name, …)`. */
  fn<T>(name: string) {
    return vi.fn((...args: unknown[]) => this.create<T>(name, args));
  }

  /** Records a call of `name` with `args`; the promise waits until `settle(name, …)`. */
  create<T>(name: string, args: unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const list = this.calls.get(name) ?? [];
      list.push({ args, resolve: resolve as (value: unknown) => void, reject, settled: false });
      this.calls.set(name, list);
    });
  }

  /** How many times `name` was called. */
  count(name: string): number {
    return this.calls.get(name)?.length ?? 0;
  }

  /** The calls of `name` not settled yet. */
  open(name: string): number {
    return (this.calls.get(name) ?? []).filter((call) => !call.settled).length;
  }

  /** The arguments of every call of `name`, in order. */
  argsOf(name: string): unknown[][] {
    return (this.calls.get(name) ?? []).map((call) => call.args);
  }

  /**
   * Settles the latest call of `name` inside act() and returns its arguments.
   * Throws when there is no call, or the latest one is already settled: an
   * outcome needs a call of its own.
   */
  async settle(name: string, outcome: Outcome): Promise<unknown[]> {
    const call = this.calls.get(name)?.at(-1);
    if (!call || call.settled) throw new Error(`No open ${name} call to settle`);
    call.settled = true;
    await act(async () => {
      if ('error' in outcome) call.reject(outcome.error);
      else call.resolve(outcome.output);
    });
    return call.args;
  }
}
