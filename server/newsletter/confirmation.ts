/** The double opt-in: single-use confirmation tokens and the mail that carries one. */
import crypto from 'node:crypto'
import type { Env } from '#server/env.ts'
import { senderDomain, type OutgoingMail } from '#server/mail/transport.ts'

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** 256 random bits, URL-safe. Only its hash is stored. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value)
}

export function confirmationUrl(siteUrl: string, token: string): string {
  const url = new URL('/api/newsletter/confirm', siteUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

export function confirmationMail(
  row: { id: string; email: string },
  token: string,
  expiresAt: Date,
  env: Pick<Env, 'PUBLIC_SITE_URL' | 'MAIL_FROM' | 'NEWSLETTER_CONFIRM_TTL_HOURS'>,
): OutgoingMail {
  const link = confirmationUrl(env.PUBLIC_SITE_URL ?? 'http://127.0.0.1:3000', token)
  return {
    to: row.email,
    subject: 'Please confirm your DocuCommons newsletter subscription',
    // One Message-ID per token: a resent confirmation is a new mail, a retried one is not.
    messageId: `<newsletter-${row.id}-${hashToken(token).slice(0, 16)}@${senderDomain(env)}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
    text: [
      'Hello,',
      '',
      'someone, hopefully you, asked to receive the DocuCommons newsletter at this address.',
      'To confirm, open this link:',
      '',
      link,
      '',
      `The link works once and expires in ${env.NEWSLETTER_CONFIRM_TTL_HOURS} hours (${expiresAt.toUTCString()}).`,
      'If you did not ask for this, ignore this e-mail: without confirmation nothing will be sent to you.',
      '',
      'DocuCommons: Listen, Learn, Lead',
    ].join('\n'),
  }
}
