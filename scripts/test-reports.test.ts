/**
 * `npm test`'s reading of the runners' reports: a failure outside any test (a file that does not
 * load, a spec that does not compile) is counted and named, as a failed test is. The reports
 * below have the shapes Vitest 5's and Playwright 1.65's JSON reporters wrote for such runs.
 */
import { describe, expect, it } from 'vitest'
import {
  readPlaywrightReport,
  readVitestReport,
  type PlaywrightReport,
  type VitestReport,
} from './test-reports.ts'

const ROOT = '/work/project'

function vitestReport(files: VitestReport['testResults']): VitestReport {
  const tests = files.flatMap((f) => f.assertionResults)
  return {
    numPassedTests: tests.filter((t) => t.status === 'passed').length,
    numFailedTests: tests.filter((t) => t.status === 'failed').length,
    numPendingTests: tests.filter((t) => t.status === 'pending').length,
    numTodoTests: 0,
    testResults: files,
  }
}

describe('reading Vitest’s report', () => {
  it('names a failed test with its file and the first line of its error', () => {
    const outcome = readVitestReport(
      vitestReport([
        {
          name: `${ROOT}/server/a.test.ts`,
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'a works', status: 'passed' },
            {
              fullName: 'a fails',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at …'],
            },
          ],
        },
      ]),
      ROOT,
    )
    expect(outcome).toMatchObject({ passed: 1, failed: 1, skipped: 0 })
    expect(outcome.failedTests).toEqual([
      'server/a.test.ts: a fails — AssertionError: expected 1 to be 2',
    ])
  })

  it('counts and names a file that did not load, which has no failed test', () => {
    const outcome = readVitestReport(
      vitestReport([
        {
          name: `${ROOT}/server/ok.test.ts`,
          status: 'passed',
          message: '',
          assertionResults: [{ fullName: 'ok', status: 'passed' }],
        },
        {
          name: `${ROOT}/server/broken.test.ts`,
          status: 'failed',
          message: `Cannot find module './missing.ts' imported from ${ROOT}/server/broken.test.ts`,
          assertionResults: [],
        },
      ]),
      ROOT,
    )
    expect(outcome).toMatchObject({ passed: 1, failed: 1 })
    expect(outcome.failedTests).toEqual([
      `server/broken.test.ts: the file did not run — Cannot find module './missing.ts' imported from ${ROOT}/server/broken.test.ts`,
    ])
  })

  it('lists skipped PostgreSQL tests', () => {
    const outcome = readVitestReport(
      vitestReport([
        {
          name: `${ROOT}/server/db.test.ts`,
          status: 'passed',
          assertionResults: [
            { fullName: 'on sqlite stores it', status: 'passed' },
            { fullName: 'on postgres stores it', status: 'pending' },
          ],
        },
      ]),
      ROOT,
    )
    expect(outcome).toMatchObject({ passed: 1, failed: 0, skipped: 1 })
    expect(outcome.postgresSkips).toEqual(['server/db.test.ts: on postgres stores it'])
  })
})

describe('reading Playwright’s report', () => {
  const spec = (title: string, line: number, statuses: string[], error?: string) => ({
    title,
    file: 'pages.spec.ts',
    line,
    tests: statuses.map((status) => ({
      status: status as 'expected',
      results: [{ error: error ? { message: error } : undefined }],
    })),
  })

  it('names failed and flaky tests', () => {
    const report: PlaywrightReport = {
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          specs: [spec('home', 10, ['expected'])],
          suites: [
            {
              specs: [
                spec('about', 20, ['unexpected'], 'Error: expect(locator).toBeVisible() failed'),
                spec('contact', 30, ['flaky']),
              ],
            },
          ],
        },
      ],
    }
    const outcome = readPlaywrightReport(report, ROOT)
    expect(outcome).toMatchObject({ passed: 2, failed: 1, skipped: 0 })
    expect(outcome.failedTests).toEqual([
      'pages.spec.ts:20: about — Error: expect(locator).toBeVisible() failed',
    ])
    expect(outcome.flakyTests).toEqual(['pages.spec.ts:30: contact'])
  })

  it('counts and names an error outside any test (a spec that does not load)', () => {
    const report: PlaywrightReport = {
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      suites: [],
      errors: [
        {
          message: `Error: Cannot find module '${ROOT}/e2e/gone.ts' imported from ${ROOT}/e2e/pages.spec.ts`,
          location: { file: '<anonymous>', line: 1 },
        },
        {
          message: 'Error: page.goto: net::ERR_CONNECTION_REFUSED\nCall log: …',
          location: { file: `${ROOT}/e2e/global-setup.ts`, line: 12 },
        },
      ],
    }
    const outcome = readPlaywrightReport(report, ROOT)
    expect(outcome.failed).toBe(2)
    expect(outcome.failedTests).toEqual([
      `the run: outside any test — Error: Cannot find module '${ROOT}/e2e/gone.ts' imported from ${ROOT}/e2e/pages.spec.ts`,
      'e2e/global-setup.ts:12: outside any test — Error: page.goto: net::ERR_CONNECTION_REFUSED',
    ])
  })
})
