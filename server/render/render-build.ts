/**
 * The build's last step (React Router's `buildEnd`, react-router.config.ts): every path of the
 * page list and the not-found page rendered through the fresh server build (renderer.ts), each
 * verified, written to `<build>/pages/` (page-files.ts), and the client files precompressed. The
 * build fails, naming the page, when a page does not render, is not finished as promised, or a
 * route of the app has no page in the list.
 */
import { formatSize } from '#common/sizes.ts'
import path from 'node:path'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { mapLimited } from './map-limited.ts'
import { writePageFiles } from './page-files.ts'
import { precompressFiles } from './precompress.ts'
import { contentFingerprint, createRenderer, type FinishedPage } from './renderer.ts'
import { loadServerBuild } from './server-build.ts'

/** React Router's flat route manifest as the nested routes matchRoutes takes. */
function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const entries = Object.values(routes).filter((route) => route !== undefined)
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true }
          : { id: route.id, path: route.path, children: childrenOf(route.id) },
      )
  return childrenOf(undefined)
}

/** The routes (other than the root) that none of the paths reaches. */
export function routesWithoutPage(routes: ServerBuild['routes'], paths: string[]): string[] {
  const tree = routeTree(routes)
  const reached = new Set(paths.map((path) => matchRoutes(tree, path)?.at(-1)?.route.id))
  return Object.values(routes)
    .filter((route) => route && route.parentId !== undefined && !reached.has(route.id))
    .map((route) => route!.id)
}

export async function renderBuild(
  buildDirectory: string,
  options: { renderedAt?: Date; log?: (line: string) => void } = {},
): Promise<{ pages: FinishedPage[]; notFound: FinishedPage }> {
  const log = options.log ?? console.log
  const started = Date.now()
  const renderedAt = options.renderedAt ?? new Date()
  const { build } = await loadServerBuild(buildDirectory)
  const renderer = createRenderer(build)
  const paths = renderer.paths(undefined, renderedAt)
  const duplicates = paths.filter((path, i) => paths.indexOf(path) !== i)
  if (duplicates.length > 0) throw new Error(`The page list names ${duplicates.join(', ')} twice`)
  const missing = routesWithoutPage(build.routes, [
    ...paths,
    ...renderer.entry.onRequestPaths,
    ...renderer.entry.optionalRoutePaths,
  ])
  if (missing.length > 0)
    throw new Error(
      `No page of the page list (app/page-paths.ts) is rendered by the route${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
    )
  // Every page is tried, so that the build names each page that fails, not only the first.
  const failures: string[] = []
  const attempt = <T>(render: () => Promise<T>) =>
    render().catch((error: unknown) => {
      failures.push((error as Error).message)
      return undefined
    })
  const rendered = await mapLimited(paths, 4, (path) =>
    attempt(() => renderer.render(path, { renderedAt })),
  )
  const notFound = await attempt(() => renderer.renderNotFound({ renderedAt }))
  if (failures.length > 0 || !notFound)
    throw new Error(`${failures.length} page(s) failed:\n${failures.join('\n')}`)
  const pages = rendered.filter((page) => page !== undefined)
  writePageFiles(buildDirectory, {
    renderedAt,
    content: contentFingerprint(renderer.entry.defaultSnapshot()),
    pages,
    notFound,
  })
  const files = await precompressFiles(path.join(buildDirectory, 'client'))
  const pageBytes = pages.reduce((sum, page) => sum + page.body.length, 0)
  const pageBr = pages.reduce((sum, page) => sum + (page.br ?? page.body).length, 0)
  log(
    `Rendered ${pages.length} pages and the not-found page (${formatSize(pageBytes)} -> ${formatSize(pageBr)} brotli); precompressed ${files.files} client files (${formatSize(files.raw)} -> ${formatSize(files.br)} brotli) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
  return { pages, notFound }
}

if (import.meta.main) {
  const buildDirectory = process.argv[2]
  if (!buildDirectory) {
    console.error('Usage: node server/render/render-build.ts <build directory>')
    process.exit(2)
  }
  try {
    await renderBuild(path.resolve(buildDirectory))
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
