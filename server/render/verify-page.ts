/**
 * Reads a finished page the way a browser with JavaScript does (parse5, the HTML standard's
 * parser) and lists what would make it slower or unsafe than the site promises
 * (docs/decisions/009 and 010):
 *
 * - a script that runs or downloads before the load event: `<script src>`, a module script, a
 *   `modulepreload` or script preload link;
 * - a stylesheet `<link>` the browser would fetch (the stylesheet is inline), or no inline
 *   stylesheet at all;
 * - an inline script whose SHA-256 is not in the page's CSP list (the browser would refuse it);
 * - no boot script carrying the client chunks, the last of them the client entry (the page would
 *   never become interactive).
 *
 * The build fails on any of them, naming the page (render-build.ts).
 */
import crypto from 'node:crypto'
import { parse, type DefaultTreeAdapterTypes as Html } from 'parse5'
import { BOOT_DATA_ID } from '#common/render-entry.ts'

export interface PageToVerify {
  path: string
  html: string
  /** The CSP's script sources of the page: 'sha256-…' entries. */
  scriptHashes: readonly string[]
  /** The code of the boot script, which must follow its data block. */
  bootScript: string
  /** The client entry's URL: the boot script must import it last. */
  clientEntry: string
}

/** Script types a browser runs (and CSP governs); anything else (JSON-LD) is data. */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
])

export function sha256Source(code: string): string {
  return `'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'`
}

function* elements(node: Html.ParentNode): Generator<Html.Element> {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue
    yield child
    yield* elements(child.tagName === 'template' ? (child as Html.Template).content : child)
  }
}

const attribute = (element: Html.Element, name: string) =>
  element.attrs.find((a) => a.name === name)?.value

const textOf = (element: Html.Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('')

/** What is wrong with the page, one line each; empty when it is finished as promised. */
export function pageProblems(page: PageToVerify): string[] {
  const problems: string[] = []
  const allowed = new Set(page.scriptHashes)
  let inlineStylesheets = 0
  let bootChunks: string[] | undefined
  /** Whether the executable script right after the boot data block is the boot script. */
  let bootScriptFollows: boolean | undefined
  for (const element of elements(parse(page.html))) {
    if (element.tagName === 'style' && textOf(element).trim() !== '') inlineStylesheets++
    if (element.tagName === 'link') {
      const rel = (attribute(element, 'rel') ?? '').toLowerCase().split(/\s+/)
      const as = attribute(element, 'as')
      if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script'))
        problems.push(`a script preloaded before load: ${attribute(element, 'href')}`)
      if (rel.includes('stylesheet') && attribute(element, 'disabled') === undefined)
        problems.push(`a stylesheet <link> the browser would fetch: ${attribute(element, 'href')}`)
    }
    if (element.tagName !== 'script') continue
    const type = (attribute(element, 'type') ?? '').trim().toLowerCase()
    if (type === 'application/json' && attribute(element, 'id') === BOOT_DATA_ID) {
      try {
        bootChunks = (JSON.parse(textOf(element)) as { chunks?: string[] }).chunks
      } catch {
        problems.push(`a boot data block that is not JSON`)
      }
      continue
    }
    if (!EXECUTABLE_TYPES.has(type)) continue
    const src = attribute(element, 'src')
    if (src !== undefined) {
      problems.push(`a script that loads before load: <script src="${src}">`)
      continue
    }
    if (type === 'module') problems.push('a module script, which runs before load')
    const code = textOf(element)
    if (!allowed.has(sha256Source(code)))
      problems.push(
        `an inline script not covered by the CSP (${sha256Source(code)}): ${code.slice(0, 80)}`,
      )
    if (bootChunks !== undefined && bootScriptFollows === undefined)
      bootScriptFollows = code === page.bootScript
  }
  if (inlineStylesheets === 0) problems.push('no inline stylesheet')
  if (!bootChunks || bootChunks.length === 0 || !bootScriptFollows)
    problems.push(
      'no hydration loader (the boot script right after its data block, with the client chunks)',
    )
  else if (bootChunks.at(-1) !== page.clientEntry)
    problems.push(
      `a hydration loader that does not end with the client entry ${page.clientEntry}: ${bootChunks.at(-1)}`,
    )
  return problems
}

/** Throws when the page is not finished as promised, naming the page and every problem. */
export function assertFinished(page: PageToVerify): void {
  const problems = pageProblems(page)
  if (problems.length > 0)
    throw new Error(`The page ${page.path} is not finished:\n  - ${problems.join('\n  - ')}`)
}
