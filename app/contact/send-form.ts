/**
 * Sends a form's JSON to the API (docs/requirements.md#api: JSON content type, 30 s timeout) and sorts the
 * answer into what the site does next: done, show field errors, keep for later, or give up.
 */
import type { FieldErrors } from '#common/validation.ts'
import { REQUEST_TIMEOUT_MS } from '#app/config.ts'

export type SendOutcome =
  /** 201: stored by the server. */
  | { kind: 'accepted'; body: unknown }
  /** 400: the server named the fields to fix; sending it again unchanged would fail again. */
  | { kind: 'invalid'; fields: FieldErrors }
  /** Offline, timed out, 5xx or 429: worth sending again later from the resend queue. */
  | { kind: 'retry'; status?: number }
  /** Any other answer (413, 415...): not worth retrying. */
  | { kind: 'rejected'; status: number }

export async function sendForm(
  endpoint: string,
  body: Record<string, unknown>,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<SendOutcome> {
  const doFetch = options.fetch ?? globalThis.fetch
  let response: Response
  try {
    response = await doFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    })
  } catch {
    return { kind: 'retry' }
  }
  if (response.status === 201 || response.status === 200) {
    return { kind: 'accepted', body: await readJson(response) }
  }
  if (response.status === 400) {
    // The schema (and zod with it) loads only when a 400 arrives, not with every page.
    const [{ ValidationErrorBody }, body] = await Promise.all([
      import('#common/contact-schemas.ts'),
      readJson(response),
    ])
    const parsed = ValidationErrorBody.safeParse(body)
    return { kind: 'invalid', fields: parsed.success ? parsed.data.fields : {} }
  }
  if (response.status === 429 || response.status >= 500)
    return { kind: 'retry', status: response.status }
  return { kind: 'rejected', status: response.status }
}

async function readJson(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return undefined
  try {
    return await response.json()
  } catch {
    return undefined
  }
}
