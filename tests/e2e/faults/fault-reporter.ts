/**
 * Prints the fault suite's one line at the end of a run:
 * `faults: N injected, N survived, 0 data lost`, from the annotations each
 * case of support/faults.ts leaves on its test (the last attempt of each test counts).
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class FaultReporter implements Reporter {
  private readonly last = new Map<string, TestResult>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.last.set(test.id, result);
  }

  onEnd(_result: FullResult): void {
    let injected = 0;
    let survived = 0;
    let lost = 0;
    for (const result of this.last.values()) {
      for (const annotation of result.annotations) {
        if (annotation.type === 'fault') injected += 1;
        if (annotation.type === 'fault-survived') survived += 1;
        if (annotation.type === 'fault-data-lost') lost += 1;
      }
    }
    if (injected === 0) return;
    console.info(`faults: ${injected} injected, ${survived} survived, ${lost} data lost`);
  }
}
