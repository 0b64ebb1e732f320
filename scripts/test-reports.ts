/**
 * What `npm test` reads from the two runners' JSON reports: the counts for its summary line, and
 * each failure by name (CI may keep only a log's tail, so the summary repeats them). A failure is
 * a test that failed, and also a file or a run that failed without one: a Vitest file that does
 * not load, a Playwright spec that does not compile or a global setup that throws. Their counts
 * say "0 failed" and only the report's own message says what broke.
 */
import path from 'node:path'

export interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  testResults: Array<{
    name: string
    /** "failed" also for a file none of whose tests ran (it did not load). */
    status?: string
    message?: string
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>
  }>
}

interface PlaywrightError {
  message?: string
  location?: { file: string; line: number }
}
interface PlaywrightSpec {
  title: string
  file: string
  line: number
  tests: Array<{
    status: 'expected' | 'unexpected' | 'flaky' | 'skipped'
    results: Array<{ error?: PlaywrightError }>
  }>
}
interface PlaywrightSuite {
  specs?: PlaywrightSpec[]
  suites?: PlaywrightSuite[]
}
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  suites: PlaywrightSuite[]
  /** Errors outside any test: a spec file that fails to load, a global setup that throws. */
  errors?: PlaywrightError[]
}

export interface RunnerOutcome {
  passed: number
  /** Failed tests, and each file or run that failed outside a test. */
  failed: number
  skipped: number
  /** "file: test — first line of the error", one per failure counted above. */
  failedTests: string[]
  flakyTests: string[]
  /** Skipped tests whose name says PostgreSQL (CI refuses them). */
  postgresSkips: string[]
}

// eslint-disable-next-line no-control-regex
const colour = /\u001b\[[0-9;]*m/g

/** The first line of a failure's message (colours removed), after " — ". */
function firstLine(message: string | undefined): string {
  const line = message?.replace(colour, '').split('\n')[0]?.trim()
  return line ? ` — ${line.slice(0, 200)}` : ''
}

export function readVitestReport(report: VitestReport, root: string): RunnerOutcome {
  const outcome: RunnerOutcome = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failedTests: [],
    flakyTests: [],
    postgresSkips: [],
  }
  for (const file of report.testResults) {
    const name = path.relative(root, file.name)
    let failedHere = 0
    for (const test of file.assertionResults) {
      if (test.status === 'failed') {
        failedHere++
        outcome.failedTests.push(`${name}: ${test.fullName}${firstLine(test.failureMessages?.[0])}`)
      }
      if (
        (test.status === 'pending' || test.status === 'skipped') &&
        /postgres/i.test(test.fullName)
      )
        outcome.postgresSkips.push(`${name}: ${test.fullName}`)
    }
    if (file.status === 'failed' && failedHere === 0) {
      outcome.failed++
      outcome.failedTests.push(`${name}: the file did not run${firstLine(file.message)}`)
    }
  }
  return outcome
}

function* playwrightSpecs(suites: PlaywrightSuite[]): Generator<PlaywrightSpec> {
  for (const suite of suites) {
    yield* suite.specs ?? []
    yield* playwrightSpecs(suite.suites ?? [])
  }
}

/** Playwright names a spec's file relative to e2e/, an error's location absolutely. */
export function readPlaywrightReport(report: PlaywrightReport, root: string): RunnerOutcome {
  const { stats } = report
  const outcome: RunnerOutcome = {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    failedTests: [],
    flakyTests: [],
    postgresSkips: [],
  }
  for (const spec of playwrightSpecs(report.suites)) {
    if (spec.tests.some((t) => t.status === 'flaky'))
      outcome.flakyTests.push(`${spec.file}:${spec.line}: ${spec.title}`)
    const failedTest = spec.tests.find((t) => t.status === 'unexpected')
    if (failedTest)
      outcome.failedTests.push(
        `${spec.file}:${spec.line}: ${spec.title}` +
          firstLine(failedTest.results.at(-1)?.error?.message),
      )
  }
  for (const error of report.errors ?? []) {
    outcome.failed++
    // A spec that does not load is located in "<anonymous>": its message names the file.
    const where =
      error.location && path.isAbsolute(error.location.file)
        ? `${path.relative(root, error.location.file)}:${error.location.line}`
        : 'the run'
    outcome.failedTests.push(`${where}: outside any test${firstLine(error.message)}`)
  }
  return outcome
}
