/**
 * Prints the journey model's coverage in Chromium at the end of a run:
 * `journey: states 17/17 (100 %), transitions 20/20 (100 %); 7 paths in 31 s`,
 * from the annotation each path of ./journey.spec.ts leaves on its test. Only
 * paths whose last attempt passed count; the time is what those attempts took.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const ANNOTATION = 'journey-path';

interface PathFacts {
  id: string;
  states: string[];
  transitions: string[];
  totalStates: number;
  totalTransitions: number;
}

const pct = (covered: number, total: number): string =>
  `${total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10} %`;

export default class JourneyReporter implements Reporter {
  private readonly last = new Map<string, TestResult>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.last.set(test.id, result);
  }

  onEnd(_result: FullResult): void {
    const states = new Set<string>();
    const transitions = new Set<string>();
    let totals = { states: 0, transitions: 0 };
    let paths = 0;
    let failed = 0;
    let ms = 0;
    for (const result of this.last.values()) {
      const annotation = result.annotations.find((a) => a.type === ANNOTATION);
      if (!annotation?.description) continue;
      const facts = JSON.parse(annotation.description) as PathFacts;
      totals = { states: facts.totalStates, transitions: facts.totalTransitions };
      if (result.status !== 'passed') {
        failed += 1;
        continue;
      }
      paths += 1;
      ms += result.duration;
      for (const state of facts.states) states.add(state);
      for (const transition of facts.transitions) transitions.add(transition);
    }
    if (paths === 0 && failed === 0) return;
    console.info(
      `journey: states ${states.size}/${totals.states} (${pct(states.size, totals.states)}), transitions ${transitions.size}/${totals.transitions} (${pct(transitions.size, totals.transitions)}); ${paths} paths in ${Math.round(ms / 1000)} s${failed > 0 ? `; ${failed} failed (not counted)` : ''}`,
    );
  }
}
