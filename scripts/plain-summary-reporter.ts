import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends every test run with one plain line `N passed, N failed, N skipped`, the line CI reads.
 * Failed modules (a file that did not load) count as one failure each.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0
    let failed = unhandledErrors.length
    let skipped = 0
    for (const module of testModules) {
      const tests = [...module.children.allTests()]
      if (tests.length === 0 && module.state() === 'failed') failed++
      for (const test of tests) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`)
  }
}
