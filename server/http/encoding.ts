/**
 * Content-encoding negotiation for answers kept precompressed (the site's files, the catalogue).
 * Clients send a handful of distinct Accept-Encoding values, so each value is parsed once and
 * remembered: a request costs one Map lookup instead of a split-and-parse.
 */
export type Encoding = 'br' | 'gzip'

export interface Accepted {
  readonly br: boolean
  readonly gzip: boolean
}

const NOTHING: Accepted = Object.freeze({ br: false, gzip: false })

/** Distinct header values remembered; beyond this the memory starts afresh (odd clients only). */
const MAX_REMEMBERED = 256
const remembered = new Map<string, Accepted>()

/** Which of br and gzip an Accept-Encoding header allows (q=0 means refused; * counts). */
export function acceptedEncodings(header: string | undefined): Accepted {
  if (!header) return NOTHING
  let accepted = remembered.get(header)
  if (accepted) return accepted
  accepted = parseAcceptEncoding(header)
  if (remembered.size >= MAX_REMEMBERED) remembered.clear()
  remembered.set(header, accepted)
  return accepted
}

function parseAcceptEncoding(header: string): Accepted {
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const ok = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0
  return Object.freeze({ br: ok('br'), gzip: ok('gzip') })
}

/** Picks br, then gzip, among the forms that exist; undefined means send it as it is. */
export function chooseEncoding(
  header: string | undefined,
  available: { readonly br?: unknown; readonly gzip?: unknown },
): Encoding | undefined {
  if (!header || (!available.br && !available.gzip)) return undefined
  const accepted = acceptedEncodings(header)
  if (available.br && accepted.br) return 'br'
  if (available.gzip && accepted.gzip) return 'gzip'
  return undefined
}
