/**
 * The staff app's one way to call the back office's API (under /admin/api): `call(contract, …)`
 * with a route's contract (common/*-contracts.ts), so that its path, method, params, query, body
 * and answer are checked by the compiler against the route the server serves. JSON in and out,
 * same-origin, and every error as an ApiError with the server's message and its per-field
 * messages, to show next to the fields.
 */
import { formatSize, sizeOver } from './format.ts'
import {
  pathOf,
  type AnswerOf,
  type BodyOf,
  type Contract,
  type Method,
  type ParamsOf,
  type QueryOf,
} from '#common/api-contract.ts'
import { ADMIN_API, CONFIRMATION_REQUIRED_STATUS, type ApiProblem } from '#common/back-office.ts'

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

/**
 * A refusal the staff app makes before sending anything, for a value the server would refuse too
 * (a form tampered with, a time that is not one): the same shape as the server's 400, so a page
 * shows it next to its field as it shows the server's.
 */
export const refusal = (field: string, message: string) =>
  new ApiError(400, { message, fields: { [field]: message } })

/** A posted form's field as typed ('' when absent): what a route's action reads. */
export const formText = (form: FormData, name: string) => String(form.get(name) ?? '')

let confirmer: (() => Promise<void>) | undefined

/** How the app asks the person to confirm it's them (passkeys.ts confirmItsYou; main.tsx). */
export function askToConfirmWith(confirm: () => Promise<void>) {
  confirmer = confirm
}

/** An input the route does not read is not allowed; one whose fields are all optional may be left out. */
type Field<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T }

/** What a call of a route sends: its params, query and body, as its contract's schemas read them. */
export type CallInput<C> = Field<'params', ParamsOf<C>> &
  Field<'query', QueryOf<C>> &
  Field<'body', BodyOf<C>>

type CallArguments<C> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>]

interface AnyInput {
  params?: Record<string, string | number>
  query?: Record<string, string | number | boolean | null | undefined>
  body?: unknown
}

/**
 * A call of a route by its contract: the path made from its pattern and params (each
 * percent-encoded) and its query's set values; the answer typed as the route's answer schema.
 * A POST without a body sends `{}`, as a JSON post.
 */
export function call<C extends Contract>(
  contract: C,
  ...[input]: CallArguments<C>
): Promise<AnswerOf<C>> {
  const { params, query, body }: AnyInput = input ?? {}
  const path = pathOf(contract.path, params, query)
  return api(contract.method, path, body === undefined && contract.method === 'POST' ? {} : body)
}

/**
 * A call to the API. A change that needs a fresh "confirm it's you" (428: one's passkeys, an
 * administrator's changes to the staff list) asks the person for their passkey once
 * (askToConfirmWith, a user verification) and is then sent again.
 */
async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  try {
    return await send<T>(method, path, body)
  } catch (error) {
    const confirm = confirmer
    if (!(error instanceof ApiError) || error.status !== CONFIRMATION_REQUIRED_STATUS || !confirm)
      throw error
    await confirm()
    return send<T>(method, path, body)
  }
}

async function send<T>(method: Method, path: string, body?: unknown): Promise<T> {
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

/**
 * Sends a multipart form (an upload route reads its file from the field "file"); `onProgress`
 * gets the share sent (0–1). XMLHttpRequest rather than fetch: only it reports an upload's
 * progress. Refusals are ApiErrors with the server's message and per-field messages.
 */
export function uploadForm<C extends Contract>(
  contract: C,
  form: FormData,
  options: {
    params?: ParamsOf<C>
    onProgress?: (share: number) => void
    signal?: AbortSignal
  } = {},
): Promise<AnswerOf<C>> {
  const { onProgress, signal } = options
  const params: AnyInput['params'] = options.params
  const path = pathOf(contract.path, params)
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(contract.method, `${ADMIN_API}${path}`)
    request.setRequestHeader('accept', 'application/json')
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    request.onload = () => {
      const answer: unknown = request.response ?? {}
      if (request.status >= 200 && request.status < 300) resolve(answer as AnswerOf<C>)
      else reject(new ApiError(request.status, answer as ApiError['answer']))
    }
    request.onerror = () =>
      reject(
        new ApiError(0, {
          message:
            'The upload was cut off. Check your connection and try again; a large file needs a steady connection.',
        }),
      )
    request.onabort = () => reject(new ApiError(0, { message: 'The upload was cancelled.' }))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(form)
  })
}

/** Sends one file (the field "file"), as the podcast's upload routes read it. */
export function upload<C extends Contract>(
  contract: C,
  file: File,
  onProgress?: (share: number) => void,
): Promise<AnswerOf<C>> {
  const form = new FormData()
  form.set('file', file, file.name)
  return uploadForm(contract, form, { onProgress })
}

/**
 * The file a file input was given, the input emptied (so that the same file can be chosen again),
 * or why it is not sent: over `maxBytes` it would only travel to be refused.
 */
export function chosenFile(
  input: HTMLInputElement,
  maxBytes: number,
  what: string,
): { file: File } | { refused: string } | undefined {
  const file = input.files?.[0]
  input.value = ''
  if (!file) return undefined
  if (file.size > maxBytes)
    return {
      refused: `${what} is ${sizeOver(file.size, maxBytes)}; the largest accepted is ${formatSize(maxBytes)}.`,
    }
  return { file }
}

/** What to say by a field after a failed call: the server's words for it, else its message. */
export const fieldError = (caught: unknown, field: string) =>
  caught instanceof ApiError ? (caught.fields[field] ?? caught.message) : String(caught)

/** A query string from the values that are set (for the staff app's own page addresses). */
export function query(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The URL of a download of the API (a CSV file: a link the browser saves). */
export function downloadUrl<C extends Contract>(contract: C, ...[input]: CallArguments<C>): string {
  const { params, query }: AnyInput = input ?? {}
  return `${ADMIN_API}${pathOf(contract.path, params, query)}`
}
