/**
 * The render pipeline on the real build (server/test/real-build.ts: `react-router build`, whose
 * buildEnd renders every page through this module): what it wrote, what it renders again at run
 * time, and how a page that is not finished as promised fails the build, naming the page.
 */
import { parse, serialize, type DefaultTreeAdapterTypes as Html } from 'parse5'
import { beforeAll, describe, expect, it } from 'vitest'
import { realBuild } from '#server/test/real-build.ts'
import { readPageFiles, type PageFiles } from './page-files.ts'
import { routesWithoutPage } from './render-build.ts'
import { createRenderer, type PageRenderer } from './renderer.ts'
import { loadServerBuild, type SiteServerBuild } from './server-build.ts'
import { assertFinished, pageProblems, sha256Source } from './verify-page.ts'

let files: PageFiles
let site: SiteServerBuild
let renderer: PageRenderer

beforeAll(async () => {
  const dir = await realBuild()
  files = readPageFiles(dir)
  site = await loadServerBuild(dir)
  renderer = createRenderer(site.build)
}, 600_000)

const pageAt = (path: string) => {
  const page = [...files.pages, files.notFound].find((p) => p.path === path)
  if (!page) throw new Error(`the build has no page ${path}`)
  return page
}
const html = (path: string) => pageAt(path).body.toString('utf8')

function* elementsOf(node: Html.ParentNode): Generator<Html.Element> {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue
    yield child
    yield* elementsOf(child)
  }
}
const attr = (element: Html.Element, name: string) =>
  element.attrs.find((a) => a.name === name)?.value
const text = (element: Html.Element) =>
  element.childNodes.map((c) => ('value' in c ? c.value : '')).join('')

/** The page as a browser would read it, changed by `edit`, serialised again. */
function edited(path: string, edit: (document: Html.Document) => void): string {
  const document = parse(html(path))
  edit(document)
  return serialize(document)
}
const headOf = (document: Html.Document) =>
  [...elementsOf(document)].find((e) => e.tagName === 'head')!
const element = (tagName: string, attrs: Record<string, string>, parent: Html.Element) =>
  ({
    nodeName: tagName,
    tagName,
    attrs: Object.entries(attrs).map(([name, value]) => ({ name, value })),
    namespaceURI: parent.namespaceURI,
    childNodes: [],
    parentNode: parent,
  }) as Html.Element

const verifyArgs = (path: string, page = html(path)) => ({
  path,
  html: page,
  scriptHashes: pageAt(path).scriptHashes,
  bootScript: site.entry.bootScript,
  clientEntry: site.build.assets.entry.module,
})

describe('the build', () => {
  it('rendered every path of the page list, each HTML page finished as promised', () => {
    expect(files.pages.map((p) => p.path).sort()).toEqual([...renderer.paths()].sort())
    for (const page of files.pages) {
      expect(page.status, page.path).toBe(200)
      if (page.contentType.startsWith('text/html'))
        expect(pageProblems(verifyArgs(page.path)), page.path).toEqual([])
    }
  })

  it('carries one small boot script on every page, its hash in the CSP', () => {
    const boot = site.entry.bootScript
    // No library bundled into it by mistake (React alone is ~8 KB).
    expect(boot.length).toBeLessThan(3000)
    expect(boot).not.toContain('react')
    for (const page of files.pages.filter((p) => p.contentType.startsWith('text/html')))
      expect(page.scriptHashes, page.path).toEqual([sha256Source(boot)])
  })

  it('rendered the not-found page with its 404 and the error screen, no header item current', () => {
    expect(files.notFound.status).toBe(404)
    const document = parse(html(files.notFound.path))
    const all = [...elementsOf(document)]
    expect(all.find((e) => e.tagName === 'h1')?.childNodes).toMatchObject([
      { value: 'Unexpected Application Error!' },
    ])
    expect(html(files.notFound.path)).toContain('404 Not Found')
    expect(all.filter((e) => attr(e, 'aria-current') !== undefined)).toEqual([])
    expect(pageProblems(verifyArgs(files.notFound.path))).toEqual([])
  })

  it('gives each resource its own type: the feed is RSS, the sitemap XML, robots text', () => {
    expect(pageAt('/rss.xml').contentType).toBe('application/rss+xml; charset=utf-8')
    expect(pageAt('/sitemap.xml').contentType).toBe('application/xml; charset=utf-8')
    expect(pageAt('/robots.txt').contentType).toBe('text/plain; charset=utf-8')
  })

  it('lists in sitemap.xml exactly the pages it built that search engines may index', () => {
    const sitemap = html('/sitemap.xml')
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname.replace(/(.)\/$/, '$1') || '/',
    )
    const indexable = files.pages
      .filter((page) => page.contentType.startsWith('text/html'))
      .filter((page) => {
        const robots = [...elementsOf(parse(page.body.toString('utf8')))].find(
          (e) => e.tagName === 'meta' && attr(e, 'name') === 'robots',
        )
        return !attr(robots ?? ({ attrs: [] } as unknown as Html.Element), 'content')?.includes(
          'noindex',
        )
      })
      .map((page) => page.path)
    expect(listed.sort()).toEqual(indexable.sort())
    expect(listed.length).toBeGreaterThan(10)
  })
})

describe('rendering at run time', () => {
  it('gives the bytes of the build for the same render time', async () => {
    for (const path of ['/', '/about', '/articles/amara-nwosu', '/rss.xml', '/contact/not-sent']) {
      const page = await renderer.render(path, { renderedAt: files.renderedAt })
      expect(page.body.equals(pageAt(path).body), path).toBe(true)
      expect(page.etag).toBe(pageAt(path).etag)
    }
    const notFound = await renderer.renderNotFound({ renderedAt: files.renderedAt })
    expect(notFound.body.equals(files.notFound.body)).toBe(true)
  })

  it("passes the caller's React Router context to the loaders, as the build did", async () => {
    const builtYear = String(files.renderedAt.getUTCFullYear())
    const lastBuildDate = (xml: string) => /<lastBuildDate>([^<]+)</.exec(xml)?.[1]
    // The build set the render clock: the feed and the footer say when.
    expect(lastBuildDate(html('/rss.xml'))).toBe(files.renderedAt.toUTCString())
    expect(html('/about')).toContain(`&quot;renderedYear&quot;:${builtYear}`)
    // At run time the caller sets it, by the option or as any other context value.
    const at = new Date('2031-06-01T12:00:00Z')
    const feed = await renderer.render('/rss.xml', { renderedAt: at })
    expect(lastBuildDate(feed.body.toString())).toBe(at.toUTCString())
    const about = await renderer.render('/about', {
      context: [[site.entry.renderClock, () => at]],
      renderedAt: at,
    })
    expect(about.body.toString()).toContain('&quot;renderedYear&quot;:2031')
    const viaContext = await renderer.render('/rss.xml', {
      context: [[site.entry.renderClock, () => at]],
    })
    expect(lastBuildDate(viaContext.body.toString())).toBe(at.toUTCString())
  })

  it('refuses a path that does not render a page', async () => {
    await expect(renderer.render('/no/such/page')).rejects.toThrow(
      /Rendering \/no\/such\/page answered 404 instead of 200/,
    )
  })

  it('knows when a route of the app has no page in the list', () => {
    // The pages rendered for each request (/search) are pages too, never rendered ahead; the
    // newsletter's letters may be none yet, and the sitemap has no part files before 40,000
    // pages (optional routes, reached by their patterns).
    const paths = [...renderer.paths(), ...renderer.entry.onRequestPaths]
    // A series' later pages: none until a series has more than a page of profiles.
    expect(routesWithoutPage(site.build.routes, paths)).toEqual([
      'article-series-page',
      'newsletter-archive-page',
      'routes/newsletter-letter',
      'routes/sitemap-part',
    ])
    const all = [...paths, ...renderer.entry.optionalRoutePaths]
    expect(routesWithoutPage(site.build.routes, all)).toEqual([])
    const withoutArticles = all.filter((path) => !path.startsWith('/articles/'))
    expect(routesWithoutPage(site.build.routes, withoutArticles)).toEqual([
      'routes/article',
      'routes/article-series',
      'article-series-page',
    ])
  })
})

describe('a page that is not finished as promised fails the build, naming the page', () => {
  const fails = (page: string, problem: RegExp) =>
    expect(() => assertFinished(verifyArgs('/about', page))).toThrow(
      new RegExp(`The page /about is not finished:[\\s\\S]*${problem.source}`),
    )

  it('without its inline stylesheet', () => {
    fails(
      edited('/about', (document) => {
        const head = headOf(document)
        head.childNodes = head.childNodes.filter((c) => !('tagName' in c && c.tagName === 'style'))
      }),
      /no inline stylesheet/,
    )
  })

  it('with a stylesheet link the browser would fetch', () => {
    fails(
      edited('/about', (document) => {
        const head = headOf(document)
        head.childNodes.push(element('link', { rel: 'stylesheet', href: '/assets/root.css' }, head))
      }),
      /a stylesheet <link> the browser would fetch: \/assets\/root\.css/,
    )
  })

  it("with React Router's module script or script preloads left in place", () => {
    const entry = site.build.assets.entry.module
    fails(
      edited('/about', (document) => {
        const head = headOf(document)
        head.childNodes.push(element('script', { type: 'module', src: entry }, head))
      }),
      /a script that loads before load/,
    )
    fails(
      edited('/about', (document) => {
        const head = headOf(document)
        head.childNodes.push(element('link', { rel: 'modulepreload', href: entry }, head))
      }),
      /a script preloaded before load/,
    )
  })

  it('with an inline script whose hash is not in the CSP', () => {
    expect(() => assertFinished({ ...verifyArgs('/about'), scriptHashes: [] })).toThrow(
      /The page \/about is not finished:[\s\S]*an inline script not covered by the CSP/,
    )
  })

  it('without its hydration loader', () => {
    fails(
      edited('/about', (document) => {
        const head = headOf(document)
        head.childNodes = head.childNodes.filter(
          (c) =>
            !('tagName' in c && c.tagName === 'script' && attr(c, 'type') === 'application/json'),
        )
      }),
      /no hydration loader/,
    )
    const boot = [...elementsOf(parse(html('/about')))].find(
      (e) => e.tagName === 'script' && attr(e, 'type') === 'application/json',
    )!
    const chunks = (JSON.parse(text(boot)) as { chunks: string[] }).chunks
    expect(chunks.at(-1)).toBe(site.build.assets.entry.module)
  })
})
