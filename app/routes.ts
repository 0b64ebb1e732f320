import { index, route, type RouteConfig } from '@react-router/dev/routes'
import { PAGE_ROUTES, routeId } from './page-paths.ts'

/** One route per entry of the page list (app/page-paths.ts). */
export default PAGE_ROUTES.map((page) => {
  if (page.pattern === '/') return index(page.file)
  const id = routeId(page)
  return route(page.pattern.slice(1), page.file, id ? { id } : {})
}) satisfies RouteConfig
