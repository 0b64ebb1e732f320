/**
 * The back office's one table of routes and pages: each route is defined here once, from its
 * contract in common/ (method and path; the staff app calls it by that contract, app/admin/api.ts)
 * with its params/query/body schemas, what it answers (`response`) and the roles that may call it. Every feature adds its own back-office API routes and menu pages
 * (server/contact/admin-routes.ts, server/newsletter/admin-routes.ts, …); features never import
 * each other. From the one definition come the input's validation and the role check
 * (server/staff/setup.ts serves the table), the answer check in tests (answer-check.ts), the
 * API document (openapi.ts) and the lists the tests walk (apiRoutes(); access.test.ts calls
 * every route with each role and with no session). The shape follows hono-open-api-starter's
 * "one schema from table to route" (../shared/STYLE.md).
 *
 * A route's input is parsed by its zod schemas before the handler runs (400 naming each field),
 * and its handler gets the signed-in person and an audit function that records as them.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Contract, Method, OtherAnswer, Schemas } from '#common/api-contract.ts'
import type { NavigationItem, StaffIdentity } from '#common/back-office.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { RateLimiter } from '#server/http/rate-limit.ts'
import type { AuditEntry } from './audit.ts'
import { allows, type Access, type Role } from './roles.ts'

/** The person behind a request's session. */
export interface SignedInStaff extends StaffIdentity {
  /** SHA-256 of the session cookie. */
  sessionHash: string
  passkeyId: string
  /** When the person last confirmed it was them in this session (confirmation.ts). */
  confirmedAt: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, for requests under /admin with a live session; else null. */
    staff: SignedInStaff | null
  }
  interface FastifyInstance {
    /** The back office's route table (server/app.ts), for the table test that walks it. */
    backOffice: BackOffice
  }
}

export type { Method, OtherAnswer }

export interface RouteContext<Body, Query, Params, Staff> {
  body: Body
  query: Query
  params: Params
  staff: Staff
  request: FastifyRequest
  reply: FastifyReply
  /** The clock of the back office (moved by tests). */
  now: Date
  /** Records an entry in the audit log as the signed-in person, in `db` when given (a transaction). */
  audit(entry: AuditEntry, db?: Kysely<DatabaseSchema>): Promise<void>
}

/**
 * What a route answers when it succeeds: JSON that its zod schema accepts, or another kind of
 * body (a CSV download, nothing). Refusals are ApiProblems (server/http/api-error.ts).
 */
export type Answer = z.ZodType | OtherAnswer

export const NO_CONTENT: OtherAnswer = { contentType: null, description: 'Done; no content.' }

export const isJsonAnswer = (answer: Answer): answer is z.ZodType => !('contentType' in answer)

/** What a handler may return for an answer: the schema's input, or the reply it sent itself. */
export type HandlerResult<R extends Answer> =
  (R extends z.ZodType ? z.input<R> : unknown) | FastifyReply

/** What a handler gets of a request's params, query or body: its schema's output. */
export type Parsed<S, K extends 'params' | 'query' | 'body'> = S extends { [P in K]: z.ZodType }
  ? z.output<S[K]>
  : undefined

/**
 * A route's definition beside its contract (common/*-contracts.ts): exactly the schemas the
 * contract names (their types must match), and its handler. The contract gives the method and
 * the path under /admin/api.
 */
type RouteDefinition<S extends Schemas, Staff> = Pick<S, keyof Schemas & keyof S> & {
  /** A rate limit counted per client address before the handler runs. */
  limiter?: RateLimiter
  /** Returns the JSON answer, or the reply after sending something else itself. */
  handler(
    context: RouteContext<Parsed<S, 'body'>, Parsed<S, 'query'>, Parsed<S, 'params'>, Staff>,
  ): Promise<HandlerResult<S['response']>>
}

export interface RegisteredRoute {
  method: Method
  url: string
  contract: Contract
  access: Access
  body?: z.ZodType
  query?: z.ZodType
  params?: z.ZodType
  response: Answer
  limiter?: RateLimiter | undefined
  handler(context: RouteContext<unknown, unknown, unknown, SignedInStaff | null>): Promise<unknown>
}

/**
 * A route of a mount: its method and path inside the plugin ("/", "/:id"), and what it answers.
 * The plugin registers it with these (`app.route({ ...definition, handler })`); a route the
 * plugin registers that its mount does not define stops the server at start (setup.ts).
 */
export interface MountedRoute {
  method: Method
  url: string
  response: Answer
  contract: Contract
}

/**
 * A Fastify plugin of API routes under /admin/api<prefix> that reads its own input, such as the
 * media library's uploads (multipart). It gets the role check and the audit log to use on each of
 * its routes; `routes` defines them.
 */
export interface MountedRoutes {
  prefix: string
  routes: readonly MountedRoute[]
  register(
    app: FastifyInstance,
    tools: {
      guard: preHandlerAsyncHookHandler
      /** Records an entry in the audit log as the request's signed-in staff member. */
      audit(request: FastifyRequest, entry: AuditEntry): Promise<void>
    },
  ): Promise<void>
}

export interface RegisteredMount extends MountedRoutes {
  access: Access
}

/** Every API route of the back office, the table's and the mounts', by its path under /admin/api. */
export interface ApiRoute {
  method: Method
  url: string
  access: Access
  response: Answer
  body?: z.ZodType | undefined
  query?: z.ZodType | undefined
  params?: z.ZodType | undefined
  /** Read by the mount's own plugin (multipart uploads), not by the table's schemas. */
  mounted: boolean
  contract: Contract
}

/** The path under /admin/api of a mounted route. */
export const mountedUrl = (prefix: string, url: string) => `${prefix}${url === '/' ? '' : url}`

/** A mount's route from its contract: the path inside the mount's prefix, and its answer. */
export function mountedRoute<S extends Schemas>(
  prefix: string,
  contract: Contract<S>,
  response: S['response'],
): MountedRoute {
  if (!contract.path.startsWith(prefix))
    throw new Error(`Back-office route ${contract.path} is not under its mount's ${prefix}`)
  return {
    method: contract.method,
    url: contract.path.slice(prefix.length) || '/',
    response,
    contract,
  }
}

/**
 * A page under /admin that the server renders itself (the content preview), rather than the
 * staff app: its handler sends the answer. Without a session, or with a role it does not list,
 * the staff app's page answers 401 / 403 instead (it says why).
 */
export interface ViewDefinition<Params> {
  /** Under /admin, e.g. "/preview/articles/:id". */
  url: string
  params?: z.ZodType<Params>
  handler(context: RouteContext<undefined, undefined, Params, SignedInStaff>): Promise<unknown>
}

export interface RegisteredView {
  url: string
  access: Access
  params?: z.ZodType
  handler(context: RouteContext<unknown, unknown, unknown, SignedInStaff>): Promise<unknown>
}

/** A page of the staff app under /admin: who may open it, and its menu entry. */
export interface BackOfficePage {
  /** Under /admin, e.g. "/messages"; deeper paths (/messages/123) belong to it. */
  path: string
  access: Access
  /** The menu entry's label; pages without one are not in the menu. */
  label?: string
  /** Menu order, smallest first. */
  order?: number
}

export interface BackOffice {
  /** A route for signed-in staff of the given roles. */
  route<S extends Schemas>(
    roles: readonly Role[],
    contract: Contract<S>,
    definition: RouteDefinition<S, SignedInStaff>,
  ): void
  /** A route anyone may call (signing in, accepting an invitation). */
  publicRoute<S extends Schemas>(
    contract: Contract<S>,
    definition: RouteDefinition<S, SignedInStaff | null>,
  ): void
  page(page: BackOfficePage): void
  /** Routes a feature serves with a plugin of its own (uploads), behind the role check. */
  mount(roles: readonly Role[], mounted: MountedRoutes): void
  /** A page the server renders itself, for signed-in staff of the given roles. */
  view<Params = undefined>(roles: readonly Role[], definition: ViewDefinition<Params>): void
  readonly routes: readonly RegisteredRoute[]
  readonly pages: readonly BackOfficePage[]
  readonly mounts: readonly RegisteredMount[]
  readonly views: readonly RegisteredView[]
  /** Every API route, the table's and the mounts', with its roles and its answer. */
  apiRoutes(): ApiRoute[]
  /** The menu for a role, in order. */
  navigation(role: Role): NavigationItem[]
  /** Who may open a path under /admin (the page it belongs to), or undefined for no such page. */
  pageAccess(pathname: string): Access | undefined
}

export function createBackOffice(): BackOffice {
  const routes: RegisteredRoute[] = []
  const pages: BackOfficePage[] = []
  const mounts: RegisteredMount[] = []
  const views: RegisteredView[] = []
  const add = (access: Access, contract: Contract, definition: object) => {
    const key = `${contract.method} ${contract.path}`
    if (!(definition as { response?: Answer }).response)
      throw new Error(`Back-office route ${key} has no response schema`)
    if (routes.some((route) => `${route.method} ${route.url}` === key))
      throw new Error(`Back-office route ${key} is registered twice`)
    routes.push({
      ...(definition as Omit<RegisteredRoute, 'method' | 'url' | 'contract' | 'access'>),
      method: contract.method,
      url: contract.path,
      contract,
      access,
    })
  }
  return {
    route(roles, contract, definition) {
      add(roles, contract, definition)
    },
    publicRoute(contract, definition) {
      add('anyone', contract, definition)
    },
    page(page) {
      if (pages.some((p) => p.path === page.path))
        throw new Error(`Back-office page ${page.path} is registered twice`)
      pages.push(page)
    },
    mount(roles, mounted) {
      if (mounts.some((m) => m.prefix === mounted.prefix))
        throw new Error(`Back-office routes under ${mounted.prefix} are mounted twice`)
      for (const route of mounted.routes)
        if (!(route as { response?: Answer }).response)
          throw new Error(
            `Back-office route ${route.method} ${mountedUrl(mounted.prefix, route.url)} has no response schema`,
          )
      mounts.push({ ...mounted, access: roles })
    },
    view(roles, definition) {
      if (views.some((v) => v.url === definition.url))
        throw new Error(`Back-office view ${definition.url} is registered twice`)
      views.push({ ...(definition as unknown as RegisteredView), access: roles })
    },
    routes,
    pages,
    mounts,
    views,
    apiRoutes() {
      return [
        ...routes.map((route) => ({ ...route, mounted: false })),
        ...mounts.flatMap((mount) =>
          mount.routes.map((route) => ({
            method: route.method,
            url: mountedUrl(mount.prefix, route.url),
            access: mount.access,
            response: route.response,
            mounted: true,
            contract: route.contract,
          })),
        ),
      ]
    },
    navigation(role) {
      return pages
        .filter((page) => page.label && page.access !== 'anyone' && allows(page.access, role))
        .sort((a, b) => (a.order ?? 100) - (b.order ?? 100))
        .map((page) => ({ path: page.path, label: page.label! }))
    },
    pageAccess(pathname) {
      const path = pathname.replace(/\/+$/, '') || '/'
      let best: BackOfficePage | undefined
      for (const page of pages) {
        const belongs =
          page.path === path || (page.path !== '/' && path.startsWith(`${page.path}/`))
        if (belongs && (!best || page.path.length > best.path.length)) best = page
      }
      return best?.access
    },
  }
}

/**
 * The role check of every back-office route: 401 without a live session, 403 when the person's
 * role is not among the route's.
 */
export function requireRole(access: Access): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (access === 'anyone') return
    if (!request.staff) return sendApiError(reply, 401, 'Please sign in to the back office.')
    if (!allows(access, request.staff.role))
      return sendApiError(
        reply,
        403,
        `Your role (${request.staff.role}) does not allow this. Ask an administrator if you need it.`,
      )
  }
}
