/**
 * No test holds the machine to a stopwatch (issue 24; STYLE.md "Behaviour in tests, speed in
 * benchmarks"). This reads every test file and test helper (e2e/, server/test/) and refuses the
 * obvious forms:
 *
 * - `expect(x).toBeLessThan(bound)` (or `…OrEqual`) where `x` is a stopwatch (`performance.now()`,
 *   `Date.now()`) or a name that says time (`ms`, `…Ms`, `…_ms`, `duration`, `elapsed`, `time`),
 *   unless the bound is a ratio to a control measured in the same run (a name with `control` or
 *   `baseline`) or `tenTimesFast(…)` (server/test/time-bounds.ts). A figure that is not wall time
 *   (an audio file's duration, a media element's currentTime) says so on its line with the words
 *   `not a stopwatch`.
 * - A Playwright navigation (goto, reload, waitForURL, toHaveURL, …) given a timeout under 5 s.
 * - A navigation that waits for `networkidle` instead of the load event: Playwright's networkidle
 *   is half a second without a request, which a starved machine reaches while the parser is still
 *   in a long page (a test then read a page cut short). Wait for `load` (goto's default), then
 *   `waitForLoadState('networkidle')` if late requests matter.
 * - A request given a deadline under 5 s: `AbortSignal.timeout(ms)`, or a Playwright request
 *   (`request.get(…, { timeout })`, …). A server a test started answers late on a slow day; the
 *   request fails then, not the server.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
const SKIP = new Set(['node_modules', 'build', '.git', 'public', 'test-results', 'screenshots'])

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory())
      return SKIP.has(entry.name) || entry.name.startsWith('.') ? [] : testFiles(relative)
    return /\.test\.tsx?$|^e2e\/.*\.ts$|^server\/test\/.*\.ts$/.test(relative) ? [relative] : []
  })
}

/** The text between the parenthesis at `open` and its match (strings and templates skipped). */
function balanced(source: string, open: number): { inner: string; end: number } | undefined {
  let depth = 0
  let quote: string | undefined
  for (let index = open; index < source.length; index++) {
    const char = source[index]!
    if (quote) {
      if (char === '\\') index++
      else if (char === quote) quote = undefined
      continue
    }
    if (char === "'" || char === '"' || char === '`') quote = char
    else if (char === '(') depth++
    else if (char === ')' && --depth === 0)
      return { inner: source.slice(open + 1, index), end: index }
  }
  return undefined
}

const withoutStrings = (code: string) =>
  code.replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`/g, '""')

const TIME_NAME = /^(?:ms|\w*Ms|\w*_ms|\w*_MS|\w*[dD]uration\w*|\w*[eE]lapsed\w*|\w*[tT]ime\w*)$/
const RATIO = /control|baseline|tenTimesFast\(/i

function isStopwatch(subject: string): boolean {
  const code = withoutStrings(subject)
  if (/\b(?:performance|Date)\.now\(\)/.test(code)) return true
  return (code.match(/[A-Za-z_$][\w$]*/g) ?? []).some((name) => TIME_NAME.test(name))
}

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length

/** Each `expect(subject)…toBeLessThan(bound)` on a duration without a control: "line: code". */
export function stopwatchAssertions(source: string): string[] {
  const found: string[] = []
  // Constants of the file defined as ratios or ten-times bounds count as such.
  const generous = [...source.matchAll(/\bconst\s+(\w+)\s*=\s*([^\n]+)/g)]
    .filter(([, , value]) => RATIO.test(value!))
    .map(([, name]) => name!)
  const fair = (bound: string) =>
    RATIO.test(bound) || generous.some((name) => new RegExp(`\\b${name}\\b`).test(bound))
  for (const match of source.matchAll(/\bexpect(?:\.soft)?\(/g)) {
    const subject = balanced(source, match.index + match[0].length - 1)
    if (!subject) continue
    const rest = /^\s*(?:\.not\s*)?\.toBeLessThan(?:OrEqual)?\(/.exec(source.slice(subject.end + 1))
    if (!rest) continue
    const bound = balanced(source, subject.end + rest[0].length)
    if (!bound) continue
    const line = lineOf(source, match.index)
    const [first] = subject.inner.split(/,(?![^(]*\))/)
    if (!isStopwatch(first ?? '') && !isStopwatch(bound.inner)) continue
    // A ratio to a control, on either side: `x < control * 20` or `x / control < 20`.
    if (fair(bound.inner) || fair(first ?? '')) continue
    // The words may stand on the line before, or by the statement's end (Prettier's wrapping);
    // for two expectations in a row, two lines before.
    const said = source
      .split('\n')
      .slice(Math.max(0, line - 3), lineOf(source, bound.end))
      .join('\n')
    if (/not a stopwatch/.test(said)) continue
    found.push(`${line}: expect(${subject.inner}).toBeLessThan(${bound.inner})`)
  }
  return found
}

const NAVIGATION =
  /\.(?:goto|reload|goBack|goForward|waitForURL|waitForNavigation|waitForLoadState|toHaveURL)\(/g

/**
 * Each call matched by `calls` whose deadline, read from its arguments by `deadline`, is under
 * 5 s: "line: code".
 */
function shortDeadlines(
  source: string,
  calls: RegExp,
  deadline: (call: string, args: string) => RegExpExecArray | null,
): string[] {
  const found: string[] = []
  for (const match of source.matchAll(calls)) {
    const call = balanced(source, match.index + match[0].length - 1)
    const ms = call && deadline(match[0], call.inner)
    if (ms && Number(ms[1]!.replaceAll('_', '')) < 5000)
      found.push(`${lineOf(source, match.index)}: ${match[0]}${call.inner})`)
  }
  return found
}

const TIMEOUT_OPTION = /\btimeout:\s*([\d_]+)/

/** Each Playwright navigation given a timeout under 5 s: "line: code". */
export const shortNavigationTimeouts = (source: string) =>
  shortDeadlines(source, NAVIGATION, (_, args) => TIMEOUT_OPTION.exec(args))

/** Each navigation that takes `networkidle` for its load: "line: code". */
export function networkIdleNavigations(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(NAVIGATION)) {
    if (match[0] === '.waitForLoadState(') continue
    const call = balanced(source, match.index + match[0].length - 1)
    if (call && /\bwaitUntil:\s*['"]networkidle['"]/.test(call.inner))
      found.push(`${lineOf(source, match.index)}: ${match[0]}${call.inner})`)
  }
  return found
}

const REQUEST = /\bAbortSignal\.timeout\(|\brequest\.(?:get|post|put|patch|delete|head|fetch)\(/g

/** Each request given a deadline under 5 s: "line: code". */
export const shortRequestDeadlines = (source: string) =>
  shortDeadlines(source, REQUEST, (call, args) =>
    call.startsWith('AbortSignal') ? /^\s*([\d_]+)\s*$/.exec(args) : TIMEOUT_OPTION.exec(args),
  )

describe('the checks themselves', () => {
  it('find a stopwatch held to a fast machine', () => {
    const bad = [
      'expect(performance.now() - begun).toBeLessThan(250)',
      'expect(held.longestCpuMs).toBeLessThan(50)',
      'expect(elapsed).toBeLessThanOrEqual(2000)',
      'expect(Date.now() - published, "visible").toBeLessThan(10_000)',
      'expect(outcome.slowestMs).not.toBeLessThan(MAX)',
      'expect(renderDuration).toBeLessThan(3 * 1000)',
      'expect(down.ms).toBeLessThan(2000)',
      'expect(Math.max(...latencies)).toBeLessThan(HEADERS_MS + 1500)',
    ]
    for (const line of bad) expect(stopwatchAssertions(line), line).toHaveLength(1)
  })

  it('let ratios, ten-times bounds, counts and media time through', () => {
    const good = [
      'expect(hostileMs).toBeLessThan(controlMs * 20)',
      'expect(held.longestCpuMs).toBeLessThan(tenTimesFast(50))',
      'expect(items.length).toBeLessThan(3)',
      'expect(blobs).toBeLessThan(a.files.length + b.files.length)',
      'expect(audio.duration).toBeLessThan(2.2) // not a stopwatch: the file is 2 s long',
      'expect(slowest).toBeLessThan(baseline.slowest * 4)',
      'expect(fastest(() => escape(cell)) / controlMs).toBeLessThan(30)',
      'const SLOW = tenTimesFast(400)\nexpect(down.ms - TIMEOUT_MS).toBeLessThan(SLOW)',
      'expect(ms).toBeGreaterThan(100)',
    ]
    for (const line of good) expect(stopwatchAssertions(line), line).toEqual([])
  })

  it('find a navigation given less than 5 s', () => {
    expect(shortNavigationTimeouts("await page.goto('/', { timeout: 3000 })")).toHaveLength(1)
    expect(
      shortNavigationTimeouts('await expect(page).toHaveURL(/a/, { timeout: 1_000 })'),
    ).toHaveLength(1)
    expect(shortNavigationTimeouts("await page.goto('/', { timeout: 30_000 })")).toEqual([])
    expect(shortNavigationTimeouts('await expect(x).toBeHidden({ timeout: 1000 })')).toEqual([])
  })

  it('find a navigation that takes networkidle for its load', () => {
    expect(
      networkIdleNavigations("await page.goto('/', { waitUntil: 'networkidle' })"),
    ).toHaveLength(1)
    expect(
      networkIdleNavigations('await page.reload({ timeout: 30_000, waitUntil: "networkidle" })'),
    ).toHaveLength(1)
    expect(networkIdleNavigations("await page.goto('/')")).toEqual([])
    expect(networkIdleNavigations("await page.goto('/', { waitUntil: 'commit' })")).toEqual([])
    expect(networkIdleNavigations("await page.waitForLoadState('networkidle')")).toEqual([])
  })

  it('find a request given less than 5 s', () => {
    const bad = [
      'await fetch(url, { signal: AbortSignal.timeout(2000) })',
      'await fetch(url, { signal: AbortSignal.timeout(1_500) })',
      "await request.get('/api/health', { timeout: 1000 })",
      "await page.request.post('/api/x', { data, timeout: 4999 })",
    ]
    for (const line of bad) expect(shortRequestDeadlines(line), line).toHaveLength(1)
    const good = [
      'await fetch(url, { signal: AbortSignal.timeout(60_000) })',
      'await fetch(url, { signal: AbortSignal.timeout(DEADLINE_MS) })',
      "await request.get('/api/health')",
      "await request.get('/api/health', { timeout: 30_000 })",
    ]
    for (const line of good) expect(shortRequestDeadlines(line), line).toEqual([])
  })
})

describe('every test file', () => {
  // This file names the refused forms in its own examples.
  const files = testFiles('').filter((file) => file !== 'scripts/test-timing.test.ts')
  const sources = new Map(
    files.map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]),
  )

  it('is read (the walk finds the suites)', () => {
    expect(files.filter((file) => file.startsWith('e2e/')).length).toBeGreaterThan(5)
    expect(files.filter((file) => file.startsWith('server/')).length).toBeGreaterThan(20)
  })

  it('asserts no duration against a fast machine’s figure', () => {
    const found = files.flatMap((file) =>
      stopwatchAssertions(sources.get(file)!).map((hit) => `${file}:${hit}`),
    )
    expect(found).toEqual([])
  })

  it('gives every request at least 5 s', () => {
    const found = files.flatMap((file) =>
      shortRequestDeadlines(sources.get(file)!).map((hit) => `${file}:${hit}`),
    )
    expect(found).toEqual([])
  })

  it('reads no page before its load event', () => {
    const found = files
      .filter((file) => file.startsWith('e2e/'))
      .flatMap((file) => networkIdleNavigations(sources.get(file)!).map((hit) => `${file}:${hit}`))
    expect(found).toEqual([])
  })

  it('gives every navigation at least 5 s', () => {
    const found = files
      .filter((file) => file.startsWith('e2e/'))
      .flatMap((file) => shortNavigationTimeouts(sources.get(file)!).map((hit) => `${file}:${hit}`))
    expect(found).toEqual([])
  })
})
