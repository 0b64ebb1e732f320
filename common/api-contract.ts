/**
 * A back-office API route's contract: its method, its path under /admin/api and, as types only,
 * the zod schemas of its params, query, body and answer (ADR 025). The server's route table takes
 * the method and path from it and must be given schemas of exactly these types
 * (server/back-office/table.ts); the staff app's `call()` (app/admin/api.ts) takes its argument
 * and answer types from it. The schemas are named here with `import type`, so a contract is a
 * plain `{ method, path }` at run time and the staff app's first load carries no zod.
 */
import type { z } from 'zod'

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** A success that is not JSON: its media type, or null for no body at all (204). */
export interface OtherAnswer {
  contentType: string | null
  description: string
}

/** The schemas' types of a route: what it reads and what it answers. */
export interface Schemas {
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  response: z.ZodType | OtherAnswer
}

export interface Contract<S extends Schemas = Schemas> {
  readonly method: Method
  /** Under /admin/api, with `:name` for each param, e.g. "/messages/:id". */
  readonly path: string
  /** Never set: carries the schemas' types to the server's definition and the client. */
  readonly schemas?: S
}

export const contract = <S extends Schemas>(method: Method, path: string): Contract<S> => ({
  method,
  path,
})

type SchemasOf<C> = C extends Contract<infer S> ? S : never
type InputOf<S, K extends 'params' | 'query' | 'body'> = S extends { [P in K]: z.ZodType }
  ? z.input<S[K]>
  : undefined

export type ParamsOf<C> = InputOf<SchemasOf<C>, 'params'>
export type QueryOf<C> = InputOf<SchemasOf<C>, 'query'>
export type BodyOf<C> = InputOf<SchemasOf<C>, 'body'>

/** What a route answers when it succeeds: its JSON, or undefined for a file or no content. */
export type AnswerOf<C> =
  SchemasOf<C> extends { response: infer R }
    ? R extends z.ZodType
      ? z.output<R>
      : undefined
    : never

/**
 * The path of a call: each `:name` replaced by its param, percent-encoded, and the query's set
 * values after a `?` (none when there are none). A param the pattern names but `params` lacks,
 * or one that is "." or ".." (which the URL parser would resolve, encoded or not, to another
 * route), is an error rather than a request to the wrong route.
 */
export function pathOf(
  pattern: string,
  params?: Record<string, string | number>,
  query?: Record<string, string | number | boolean | null | undefined>,
): string {
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === '') throw new Error(`No "${name}" for ${pattern}`)
    if (value === '.' || value === '..') throw new Error(`"${value}" is no ${name} for ${pattern}`)
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
