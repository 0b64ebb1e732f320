/**
 * Lighthouse part of `npm run bench`: every page beside its static twin (the same prerendered
 * HTML with every script and modulepreload removed), measured interleaved (page, twin, next
 * page, …) so that machine load hits both alike. Medians of the runs; writes docs/benchmarks.md.
 *
 * The twins live only in a throwaway copy of the build that the bench server serves (under
 * /__twin/…): nothing of this reaches the production server or its build.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse, serialize, type DefaultTreeAdapterTypes as Html } from 'parse5'
import { compress } from '#server/render/compress.ts'
import { PAGES_DIR, readPageFiles, writePageFiles } from '#server/render/page-files.ts'
import { etagOf, type FinishedPage } from '#server/render/renderer.ts'
import { CHROMIUM_FLAGS, ensureChromium } from '#scripts/chromium.ts'
import { median } from './median.ts'
import { writeReportSection } from './report.ts'

export const TWIN_PREFIX = '/__twin'
const LIGHTHOUSE_MARKERS = { start: '<!-- lighthouse:begin -->', end: '<!-- lighthouse:end -->' }

/** The HTML of a page without any script: what the page is before React runs. */
export function staticTwin(html: string): string {
  const document = parse(html)
  const strip = (node: Html.ParentNode) => {
    node.childNodes = node.childNodes.filter((child) => {
      if (!('tagName' in child)) return true
      if (child.tagName === 'script') return false
      const rel = child.attrs.find((a) => a.name === 'rel')?.value
      if (child.tagName === 'link' && rel === 'modulepreload') return false
      strip(child)
      return true
    })
  }
  strip(document)
  return serialize(document)
}

/**
 * Copies a build (its client files and pages) into a temporary folder and adds a static twin of
 * each page at /__twin/<path>; returns the copy's client folder for the bench server.
 */
export async function buildWithTwins(
  clientDir: string,
  pages: string[],
  into: string,
): Promise<string> {
  const buildDirectory = path.dirname(fs.realpathSync(clientDir))
  fs.cpSync(path.join(buildDirectory, 'client'), path.join(into, 'client'), { recursive: true })
  fs.cpSync(path.join(buildDirectory, PAGES_DIR), path.join(into, PAGES_DIR), { recursive: true })
  const files = readPageFiles(into)
  const twins: FinishedPage[] = []
  for (const page of files.pages.filter((p) => pages.includes(p.path))) {
    const body = Buffer.from(staticTwin(page.body.toString('utf8')))
    twins.push({
      ...page,
      path: TWIN_PREFIX + (page.path === '/' ? '' : page.path),
      body,
      ...(await compress(body)),
      etag: etagOf(body),
      scriptHashes: [],
    })
  }
  writePageFiles(into, { ...files, pages: [...files.pages, ...twins] })
  return path.join(into, 'client')
}

interface Run {
  perf: number
  a11y: number
  best: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  lcpElement: string
  bytesBeforeLoad: number
  jsBeforeLoad: number
  jsAll: number
  /** Lighthouse's own CPU benchmark of the machine for this run (higher is faster). */
  cpuIndex: number
}

interface LighthouseNetworkRequest {
  url: string
  networkRequestTime: number
  transferSize: number
  resourceType?: string
}

type LighthouseJson = {
  environment?: { benchmarkIndex?: number }
  categories: Record<string, { score: number | null } | undefined>
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>
}

function findNodeLabel(details: unknown): string {
  if (!details || typeof details !== 'object') return '?'
  const d = details as Record<string, unknown>
  if (d.type === 'node') {
    const snippet = String(d.snippet ?? '')
    const tag = /^<(\w+)/.exec(snippet)?.[1] ?? 'node'
    const label = String(d.nodeLabel ?? '').slice(0, 40)
    return `${tag}${label ? ` "${label}"` : ''}`
  }
  for (const value of Object.values(d)) {
    const items = Array.isArray(value) ? value : [value]
    for (const item of items) {
      const found = findNodeLabel(item)
      if (found !== '?') return found
    }
  }
  return '?'
}

function runLighthouse(url: string, chrome: string, workDir: string): Run | string {
  const out = path.join(workDir, 'lh.json')
  fs.rmSync(out, { force: true })
  const result = spawnSync(
    'lighthouse',
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8' },
  )
  if (result.status !== 0 || !fs.existsSync(out))
    return `lighthouse failed: ${result.stderr.split('\n').slice(-3).join(' ')}`
  const lh = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseJson
  const score = (k: string) => Math.round((lh.categories[k]?.score ?? 0) * 100)
  const value = (k: string) => lh.audits[k]?.numericValue ?? NaN
  const observed = (
    lh.audits.metrics?.details as { items?: { observedLoad?: number }[] } | undefined
  )?.items?.[0]?.observedLoad
  const requests =
    (lh.audits['network-requests']?.details as { items?: LighthouseNetworkRequest[] } | undefined)
      ?.items ?? []
  const loadAt = observed ?? Infinity
  const before = requests.filter((r) => r.networkRequestTime < loadAt)
  const sum = (list: LighthouseNetworkRequest[]) => list.reduce((s, r) => s + r.transferSize, 0)
  const isScript = (r: LighthouseNetworkRequest) => r.resourceType === 'Script'
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    best: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpElement: findNodeLabel(lh.audits['lcp-breakdown-insight']?.details),
    bytesBeforeLoad: sum(before),
    jsBeforeLoad: sum(before.filter(isScript)),
    jsAll: sum(requests.filter(isScript)),
    cpuIndex: lh.environment?.benchmarkIndex ?? NaN,
  }
}

function medianRun(runs: Run[]): Run | undefined {
  if (runs.length === 0) return undefined
  const m = (k: Exclude<keyof Run, 'lcpElement'>) => median(runs.map((r) => r[k]))
  const lcps = runs.map((r) => r.lcp)
  const mid = runs[lcps.indexOf([...lcps].sort((a, b) => a - b)[Math.floor(lcps.length / 2)]!)]!
  return {
    perf: m('perf'),
    a11y: m('a11y'),
    best: m('best'),
    seo: m('seo'),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
    lcpElement: mid.lcpElement,
    bytesBeforeLoad: m('bytesBeforeLoad'),
    jsBeforeLoad: m('jsBeforeLoad'),
    jsAll: m('jsAll'),
    cpuIndex: m('cpuIndex'),
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const s = (ms: number) => (ms / 1000).toFixed(2)

export interface LighthouseOptions {
  base: string
  pages: string[]
  runs: number
  reportFile?: string
}

/** Runs the interleaved measurement and prints (and optionally writes) the table. */
export function benchLighthouse({ base, pages, runs, reportFile }: LighthouseOptions) {
  const chrome = ensureChromium()
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-lh-'))
  const results: Results = new Map(pages.map((p) => [p, { page: [], twin: [] }]))
  const report = () => {
    const table = renderTable(results)
    if (reportFile) writeReport(reportFile, table, runs)
    return table
  }
  try {
    console.log(`\nLighthouse 13, mobile preset, ${runs} interleaved runs per page and twin`)
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        for (const kind of ['page', 'twin'] as const) {
          const url = base + (kind === 'twin' ? TWIN_PREFIX + (page === '/' ? '/' : page) : page)
          let run = runLighthouse(url, chrome, workDir)
          // Lighthouse sometimes loses the trace's navigation start (NO_NAVSTART): that says
          // nothing about the page, so it gets one more try.
          if (typeof run === 'string' && run.includes('NO_NAVSTART'))
            run = runLighthouse(url, chrome, workDir)
          if (typeof run === 'string') {
            console.log(`  round ${round} ${kind} ${page}: ${run}`)
            continue
          }
          results.get(page)![kind].push(run)
          console.log(
            `  round ${round} ${kind.padEnd(4)} ${page.padEnd(28)} perf ${run.perf} FCP ${s(run.fcp)} LCP ${s(run.lcp)} TBT ${run.tbt.toFixed(0)}`,
          )
        }
        // Written after every page, so that a run cut short still leaves its figures.
        report()
      }
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true })
  }

  const table = report()
  console.log('\n' + table)
  if (reportFile) console.log(`\nWritten to ${path.relative(process.cwd(), reportFile)}`)
  const noisy = noisyTwins(results)
  if (noisy) console.log(`\n${noisy}`)
}

/** Twins run no script: a TBT of theirs is the machine's (its speed, other work on it). */
const TWIN_TBT_NOISE_MS = 50

/** A warning when the script-free twins read blocking time: the pages' TBT is then not theirs. */
function noisyTwins(results: Results): string | undefined {
  const twins = [...results.values()].map((r) => medianRun(r.twin)).filter((t) => t !== undefined)
  const noisy = twins.filter((t) => t.tbt > TWIN_TBT_NOISE_MS)
  if (noisy.length === 0) return undefined
  const tbts = noisy.map((t) => t.tbt)
  return `The machine was too busy or slow for TBT: ${noisy.length} of ${twins.length} twins (no script) read ${Math.min(...tbts).toFixed(0)}–${Math.max(...tbts).toFixed(0)} ms. Measure again on a quiet machine.`
}

type Results = Map<string, { page: Run[]; twin: Run[] }>

function renderTable(results: Results): string {
  const header =
    '| page | perf | a11y | best | SEO | FCP s | LCP s | TBT ms | CLS | LCP element | KB before load | JS KB before load | JS KB all | twin LCP s | ratio | twin TBT ms | CPU index |'
  const columns = header.split('|').length - 2
  const rows = [header, '|' + ' --- |'.repeat(columns)]
  for (const [page, r] of results) {
    const p = medianRun(r.page)
    const t = medianRun(r.twin)
    if (!p) {
      rows.push(`| ${page} | not measured |` + ' |'.repeat(columns - 2))
      continue
    }
    const ratio = t ? (p.lcp / t.lcp).toFixed(2) : '?'
    rows.push(
      `| ${page} | ${p.perf} | ${p.a11y} | ${p.best} | ${p.seo} | ${s(p.fcp)} | ${s(p.lcp)} | ${p.tbt.toFixed(0)} | ${p.cls.toFixed(3)} | ${p.lcpElement.replaceAll('|', '/')} | ${kb(p.bytesBeforeLoad)} | ${kb(p.jsBeforeLoad)} | ${kb(p.jsAll)} | ${t ? s(t.lcp) : '?'} | ${ratio} | ${t ? t.tbt.toFixed(0) : '?'} | ${p.cpuIndex.toFixed(0)} |`,
    )
  }
  return rows.join('\n')
}

function writeReport(file: string, table: string, runs: number) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  const machine = `${os.availableParallelism()} cores (nproc), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB memory, ${cpu}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} when written`
  const section = [
    `## Lighthouse: every page beside its static twin`,
    '',
    `Measured ${new Date().toISOString()} on ${machine}. Lighthouse 13, mobile preset (simulated`,
    `throttling), medians of up to ${runs} runs, page and twin interleaved. The *twin* is the same`,
    `prerendered HTML with every script and modulepreload removed, served by the same server;`,
    `*ratio* is the page's LCP over its twin's. Bytes are transfer sizes; "before load" counts`,
    `requests started before the load event; "JS KB all" is every script until the run ended.`,
    `*Twin TBT* is blocking time in a page that runs no script: the machine's share, which should`,
    `read near 0 on a quiet machine. *CPU index* is Lighthouse's benchmark of the machine in the`,
    `page's runs (higher is faster; it moved 1,258–2,364 within minutes on a busy host).`,
    '',
    table,
    '',
  ].join('\n')
  writeReportSection(file, LIGHTHOUSE_MARKERS, section)
}
