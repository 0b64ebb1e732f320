/**
 * The letter's preview, a page of its own under /admin (the staff app's policy frames nothing):
 * the HTML part at a phone's and a desktop's width side by side, each in a frame of the letter
 * alone, and the plain-text part below. The letter's frames may apply its inline styles and show
 * its pictures; nothing in them runs (no script is allowed).
 */
import { formatSize } from '#common/sizes.ts'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { MarkdownError } from '#common/content/markdown.ts'
import type { Database } from '#server/db/index.ts'
import type { Env } from '#server/env.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import { SIGNED_IN } from '#server/back-office/roles.ts'
import { UNSUBSCRIBE_PAGE } from './confirmation.ts'
import { personalise } from './letter-copy.ts'
import { siteUrlOf, type LetterRenderer } from './letter-render.ts'
import { findLetter } from './letters.ts'

const IdParams = z.strictObject({ id: z.uuid({ error: 'There is no such letter.' }) })

const LETTER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function html(reply: FastifyReply, csp: string, body: string) {
  return reply
    .code(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .send(body)
}

export function letterPreviewViews(
  backOffice: BackOffice,
  options: { env: Env; database: Database; renderer: LetterRenderer },
) {
  async function copyOf(id: string, email: string) {
    const row = await findLetter(options.database.db, id)
    if (!row) return undefined
    try {
      const letter = await options.renderer.render(row)
      const unsubscribeUrl = new URL(UNSUBSCRIBE_PAGE, siteUrlOf(options.env)).toString()
      return { row, copy: personalise(letter, { email, unsubscribeUrl }) }
    } catch (error) {
      if (error instanceof MarkdownError) return { row, problems: error.message }
      throw error
    }
  }

  backOffice.view(SIGNED_IN, {
    url: '/preview/letters/:id/html',
    params: IdParams,
    async handler({ params, staff, reply }) {
      const found = await copyOf(params.id, staff.email)
      if (!found) return sendApiError(reply, 404, 'There is no such letter.')
      if ('problems' in found) return sendApiError(reply, 422, found.problems ?? '')
      // Framed by the preview page only (frame-ancestors 'self' says the same to newer browsers).
      return html(reply.header('x-frame-options', 'SAMEORIGIN'), LETTER_CSP, found.copy!.html)
    },
  })

  backOffice.view(SIGNED_IN, {
    url: '/preview/letters/:id',
    params: IdParams,
    async handler({ params, staff, reply }) {
      const found = await copyOf(params.id, staff.email)
      if (!found) return sendApiError(reply, 404, 'There is no such letter.')
      const { row } = found
      const frame = (width: number, label: string) =>
        `<figure style="margin:0;flex:0 0 auto"><figcaption style="font:600 14px system-ui;margin:0 0 8px">${label} (${width} px)</figcaption><iframe title="${escape(label)}: ${escape(row.subject)}" src="/admin/preview/letters/${row.id}/html" width="${width}" height="900" style="border:1px solid #c9c2b8;border-radius:12px;background:#fff"></iframe></figure>`
      const body =
        'problems' in found
          ? `<p role="alert" style="color:#9b1c1c">The body has problems, so it cannot be previewed: ${escape(found.problems ?? '')}</p>`
          : `<div style="display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start">${frame(390, 'Phone')}${frame(720, 'Desktop')}</div>
<h2 style="font:600 20px system-ui;margin:32px 0 8px">Plain-text part</h2>
<pre style="white-space:pre-wrap;max-width:72ch;background:#fff;border:1px solid #c9c2b8;border-radius:12px;padding:16px;font:15px/1.5 ui-monospace,Menlo,monospace">${escape(found.copy!.text)}</pre>
<p style="font:14px system-ui;color:#555">HTML part: ${formatSize(Buffer.byteLength(found.copy!.html))} (Gmail clips past 102 KB).</p>`
      return html(
        reply,
        PAGE_CSP,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Preview: ${escape(row.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f1ec;color:#1f2328;font-family:system-ui,sans-serif">
<h1 style="font:600 24px system-ui;margin:0 0 4px">Preview: ${escape(row.subject)}</h1>
<p style="margin:0 0 24px;color:#555">Preheader: ${escape(row.preheader || '(none)')}</p>
${body}</body></html>`,
      )
    },
  })
}
