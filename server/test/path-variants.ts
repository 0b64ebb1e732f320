/**
 * Test helper for the back office's route checks (issue 25): the spellings of a path that a
 * router or a proxy may read as the same path (duplicate slashes, %2F, a percent-encoded letter,
 * `/./`, `/../`, a trailing slash, upper case), every method a client may send, and what an
 * answer that reached no route looks like. A check taken from the request's URL text misses
 * some of these spellings; a check taken from the route that matched cannot.
 */

/** Every method the variants are sent with (HEAD reaches GET routes; OPTIONS none). */
export const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
export type AnyMethod = (typeof ALL_METHODS)[number]

/** A stand-in for every `:param` of a route pattern. */
export const SOME_ID = '01900000-0000-7000-8000-000000000000'

/** A route pattern made into a path to request: each `:param` becomes SOME_ID. */
export function concretePath(pattern: string): string {
  return pattern.replace(/:\w+/g, SOME_ID)
}

const encodeFirst = (segment: string) =>
  segment === ''
    ? segment
    : `%${segment.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${segment.slice(1)}`

/**
 * The path itself and its other spellings, named. `path` is absolute ("/admin/api/messages"),
 * without a query string.
 */
export function pathVariants(path: string): { name: string; path: string }[] {
  const segments = path.split('/').slice(1)
  const join = (parts: string[]) => `/${parts.join('/')}`
  const variants: { name: string; path: string }[] = [{ name: 'as registered', path }]
  for (let i = 0; i < segments.length; i++) {
    const before = segments.slice(0, i)
    const rest = segments.slice(i)
    if (i > 0) {
      variants.push({ name: `// before segment ${i}`, path: join([...before, '', ...rest]) })
      variants.push({ name: `/./ before segment ${i}`, path: join([...before, '.', ...rest]) })
      variants.push({
        name: `/../ before segment ${i}`,
        path: join([...before, 'elsewhere', '..', ...rest]),
      })
      variants.push({
        name: `%2F before segment ${i}`,
        path: `${join(before)}%2F${rest.join('/')}`,
      })
    }
    variants.push({
      name: `segment ${i} with its first letter percent-encoded`,
      path: join([...before, encodeFirst(rest[0]!), ...rest.slice(1)]),
    })
    variants.push({
      name: `segment ${i} in upper case`,
      path: join([...before, rest[0]!.toUpperCase(), ...rest.slice(1)]),
    })
  }
  variants.push({ name: 'a trailing slash', path: `${path}/` })
  variants.push({ name: 'all in upper case', path: path.toUpperCase() })
  variants.push({
    name: 'several at once',
    path: `/${segments[0]}//./${segments.slice(1).map(encodeFirst).join('/')}/`,
  })
  return variants
}

/** The request headers of a page on another site calling us (a link, a form, a fetch). */
export const CROSS_SITE = {
  origin: 'https://evil.example',
  'sec-fetch-site': 'cross-site',
} as const

/**
 * Whether an answer says that no route matched the path: the router's 404 (JSON "No … route
 * for …"), or the staff app's page for an unknown path (HTML). A handler's own 404 ("no such
 * message") is not one: it means the request reached the route.
 */
export function isNoRoute(answer: {
  status: number
  contentType: string | undefined
  body: string
}): boolean {
  if (answer.status !== 404) return false
  if ((answer.contentType ?? '').startsWith('text/html')) return true
  try {
    const message = (JSON.parse(answer.body) as { message?: unknown }).message
    return typeof message === 'string' && /^No (back-office |API )?route for /.test(message)
  } catch {
    return false
  }
}
