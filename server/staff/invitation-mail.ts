/**
 * The invitation e-mail (sent through the outbox when SMTP is configured): the one-time link to
 * register a passkey. The token travels in the link's fragment (#token=…), which browsers never
 * send to a server, so it stays out of proxy logs and Referer headers.
 */
import type { Kysely, Selectable } from 'kysely'
import { INVITATION_TTL_HOURS } from '#common/back-office.ts'
import type { DatabaseSchema, StaffInvitationTable } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { MailQueue } from '#server/mail/outbox.ts'
import { rowQueue } from '#server/mail/row-queue.ts'
import { senderDomain, type OutgoingMail } from '#server/mail/transport.ts'
import { adminUrl, type AdminSite } from './site.ts'

type InvitationRow = Selectable<StaffInvitationTable>

/** The link an invited person opens. */
export function invitationLink(site: AdminSite, token: string): string {
  return `${adminUrl(site, '/welcome')}#token=${token}`
}

export function invitationMail(
  row: Pick<InvitationRow, 'id' | 'mail_to' | 'expires_at' | 'created_by'>,
  link: string,
  env: Pick<Env, 'MAIL_FROM'>,
): OutgoingMail {
  return {
    to: row.mail_to,
    subject: 'Your invitation to the DocuCommons back office',
    messageId: `<staff-invitation-${row.id}@${senderDomain(env)}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
    text: [
      'Hello,',
      '',
      `${row.created_by === 'command line' ? 'An administrator' : row.created_by} invited you to the DocuCommons back office, where the team`,
      'reads contact messages, looks after the newsletter list and publishes the site.',
      'Open this link to create your passkey (your fingerprint, face, screen lock or security key',
      'signs you in; there is no password):',
      '',
      link,
      '',
      `The link works once, until ${new Date(row.expires_at).toUTCString()} (${INVITATION_TTL_HOURS} hours).`,
      'If you did not expect this invitation, ignore this e-mail: nothing happens without the link.',
      '',
      'DocuCommons: Listen, Learn, Lead',
    ].join('\n'),
  }
}

/** The outbox queue of invitation mails: the delivery columns of staff_invitation. */
export function invitationQueue(
  db: Kysely<DatabaseSchema>,
  site: AdminSite,
  env: Pick<Env, 'MAIL_FROM'>,
): MailQueue {
  return rowQueue<InvitationRow>(db, {
    name: 'staff-invitation',
    table: 'staff_invitation',
    columns: { status: 'mail_status', attempts: 'mail_attempts', sentAt: 'mail_sent_at' },
    onSettled: { mail_token: null },
    compose(row) {
      if (!row.mail_token) throw new Error('a queued invitation has no token')
      return invitationMail(row, invitationLink(site, row.mail_token), env)
    },
  })
}
