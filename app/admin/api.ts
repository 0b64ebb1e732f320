/**
 * The staff app's one way to call the back office's API (under /admin/api): JSON in and out,
 * same-origin, and every error as an ApiError with the server's message and its per-field
 * messages, to show next to the fields.
 */
import { ADMIN_API, type ApiProblem } from '#common/back-office.ts'

export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly fields: Record<string, string>
  /** The whole answer, for routes that say more (a conflict's who and when, every problem). */
  readonly answer: Partial<ApiProblem> & Record<string, unknown>

  constructor(status: number, problem: Partial<ApiProblem> & Record<string, unknown>) {
    super(problem.message ?? `The server answered ${status}.`)
    this.status = status
    this.fields = problem.fields ?? {}
    this.answer = problem
  }
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${ADMIN_API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
  } catch {
    throw new ApiError(0, {
      message: 'The server could not be reached. Check your connection and try again.',
    })
  }
  const type = response.headers.get('content-type') ?? ''
  const data: unknown = type.includes('application/json') ? await response.json() : undefined
  if (!response.ok) throw new ApiError(response.status, (data ?? {}) as ApiError['answer'])
  return data as T
}

/** Sends one file as multipart/form-data (field "file"), as the upload routes read it. */
export async function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData()
  form.append('file', file, file.name)
  let response: Response
  try {
    response = await fetch(`${ADMIN_API}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
    })
  } catch {
    throw new ApiError(0, {
      message: 'The upload could not reach the server. Check your connection and try again.',
    })
  }
  const type = response.headers.get('content-type') ?? ''
  const data: unknown = type.includes('application/json') ? await response.json() : undefined
  if (!response.ok) throw new ApiError(response.status, (data ?? {}) as Partial<ApiProblem>)
  return data as T
}

export const get = <T>(path: string) => api<T>('GET', path)
export const post = <T>(path: string, body: unknown = {}) => api<T>('POST', path, body)

/** A query string from the values that are set. */
export function query(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The URL of a CSV download of the API (a link the browser saves). */
export function downloadUrl(path: string): string {
  return `${ADMIN_API}${path}`
}
