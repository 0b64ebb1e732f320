/**
 * The double opt-in and the way out: confirmation and unsubscribe tokens, their links, and the
 * confirmation mail with its List-Unsubscribe headers (RFC 2369 and RFC 8058 one-click).
 */
import type { Env } from '#server/env.ts'
import { senderDomain, type OutgoingMail } from '#server/mail/transport.ts'
import { hashToken } from '#server/http/tokens.ts'

/** Where a confirmation or unsubscribe link opens: a page with one button that POSTs back. */
export const CONFIRM_PAGE = '/newsletter/confirm'
export const UNSUBSCRIBE_PAGE = '/newsletter/unsubscribe'

type MailEnv = Pick<Env, 'PUBLIC_SITE_URL' | 'MAIL_FROM' | 'NEWSLETTER_CONFIRM_TTL_HOURS'>

function siteLink(env: Pick<Env, 'PUBLIC_SITE_URL'>, pathname: string, token?: string): string {
  const url = new URL(pathname, env.PUBLIC_SITE_URL ?? 'http://127.0.0.1:3000')
  if (token !== undefined) url.searchParams.set('token', token)
  return url.toString()
}

export function confirmationUrl(env: Pick<Env, 'PUBLIC_SITE_URL'>, token: string): string {
  return siteLink(env, CONFIRM_PAGE, token)
}

export function unsubscribeUrl(env: Pick<Env, 'PUBLIC_SITE_URL'>, token: string): string {
  return siteLink(env, UNSUBSCRIBE_PAGE, token)
}

/** The headers every mail to a subscriber carries, so mail clients show an Unsubscribe button. */
export function listUnsubscribeHeaders(
  env: Pick<Env, 'PUBLIC_SITE_URL' | 'MAIL_FROM'>,
  unsubscribeToken: string,
): Record<string, string> {
  const from = env.MAIL_FROM ?? ''
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(env, unsubscribeToken)}>, <mailto:${address}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

export function confirmationMail(
  row: { id: string; email: string },
  tokens: { confirm: string; unsubscribe: string },
  expiresAt: Date,
  env: MailEnv,
): OutgoingMail {
  return {
    to: row.email,
    subject: 'Please confirm your DocuCommons newsletter subscription',
    // One Message-ID per token: a retried mail repeats it (the server may already have the first
    // attempt), a resent confirmation with a new token is a new mail.
    messageId: `<newsletter-${row.id}-${hashToken(tokens.confirm).slice(0, 16)}@${senderDomain(env)}>`,
    headers: {
      'Auto-Submitted': 'auto-generated',
      ...listUnsubscribeHeaders(env, tokens.unsubscribe),
    },
    text: [
      'Hello,',
      '',
      'someone, hopefully you, asked to receive the DocuCommons newsletter at this address.',
      'To confirm, open this page and press the Confirm button:',
      '',
      confirmationUrl(env, tokens.confirm),
      '',
      `The link works until ${expiresAt.toUTCString()} (${env.NEWSLETTER_CONFIRM_TTL_HOURS} hours after we first sent it).`,
      'If you did not ask for this, ignore this e-mail: without your confirmation nothing more',
      'will be sent to you, and your address is deleted a day after the link expires.',
      '',
      'What we store and why: ' + siteLink(env, '/privacy'),
      'Leave the list at any time: ' + unsubscribeUrl(env, tokens.unsubscribe),
      '',
      'DocuCommons: Listen, Learn, Lead',
    ].join('\n'),
  }
}
