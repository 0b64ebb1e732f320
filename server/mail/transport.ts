/**
 * Outgoing mail through SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. Plain text only:
 * nothing a visitor typed is ever rendered as HTML in the organisation's mail client.
 */
import nodemailer from 'nodemailer'
import type { Env } from '#server/env.ts'
import { smtpTls } from './smtp-tls.ts'

export interface OutgoingMail {
  to: string | string[]
  subject: string
  text: string
  /** An HTML alternative (newsletter letters): the mail is then multipart/alternative. */
  html?: string
  replyTo?: { name: string; address: string }
  /** A stable Message-ID: if a retry repeats a mail the server had already taken, clients can tell. */
  messageId: string
  headers?: Record<string, string>
}

export interface MailTransport {
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>
  close(): void
}

/** The domain of the configured sender, for Message-IDs. */
export function senderDomain(env: Pick<Env, 'MAIL_FROM'>): string {
  const from = env.MAIL_FROM ?? ''
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from
  return address.split('@')[1] ?? 'localhost'
}

/** nodemailer's options for SMTP_URL: STARTTLS required off this machine (smtp-tls.ts). */
export function smtpOptions(
  env: Pick<Env, 'SMTP_URL'> & Partial<Pick<Env, 'SMTP_SEND_ADMIN_LINKS_UNENCRYPTED'>>,
): { url: string; requireTLS: boolean } {
  if (!env.SMTP_URL) throw new Error('SMTP_URL is required to send mail')
  const tls = smtpTls(env.SMTP_URL, env.SMTP_SEND_ADMIN_LINKS_UNENCRYPTED ?? false)
  if (tls.problem) throw new Error(`SMTP_URL ${tls.problem}`)
  return { url: env.SMTP_URL, requireTLS: tls.requireTLS }
}

export function createSmtpTransport(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'> &
    Partial<Pick<Env, 'SMTP_SEND_ADMIN_LINKS_UNENCRYPTED'>>,
): MailTransport {
  if (!env.SMTP_URL || !env.MAIL_FROM)
    throw new Error('SMTP_URL and MAIL_FROM are required to send mail')
  const transporter = nodemailer.createTransport({
    ...smtpOptions(env),
    // One connection kept open and used for mail after mail (the outbox sends one at a time),
    // rather than a connection, a greeting and a TLS handshake per mail: a letter to many readers
    // goes out many times faster (to a loopback sink, 9 mails a second became 196). It is opened
    // again after 100 mails, and whenever the server closed it.
    pool: true,
    maxConnections: 1,
    maxMessages: 100,
    // Bounded waits: a hung server must not hold the outbox worker (or shutdown) for long.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  })
  const from = env.MAIL_FROM
  return {
    async send(mail, signal) {
      await transporter.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
        signal,
      })
    },
    close() {
      transporter.close()
    },
  }
}

/**
 * Whether a failed send was the receiving server refusing this recipient or this message for good
 * (a 5xx answer to RCPT TO or to the message), as opposed to a temporary failure or our own
 * misconfiguration (a refused login is 5xx too, and says nothing about the address).
 */
export function isPermanentRefusal(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown }
  return (
    typeof e?.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600 &&
    (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')
  )
}

/** A short, storable description of a failed send (no stack, bounded length). */
export function describeMailError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown }
  const parts = [
    typeof e?.code === 'string' ? e.code : undefined,
    typeof e?.responseCode === 'number' ? String(e.responseCode) : undefined,
    typeof e?.message === 'string' ? e.message : String(error),
  ].filter(Boolean)
  return parts.join(' ').replace(/\s+/g, ' ').slice(0, 500)
}
