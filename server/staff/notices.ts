/**
 * Notices mailed to a staff member about their own account (a passkey added or removed), so a
 * change they did not make does not go unnoticed. Each is a row of staff_notice with its outbox
 * state; queued only when mail is on (beside the audit entry, which is always written).
 */
import type { Kysely, Selectable } from 'kysely'
import { newRowId } from '#server/db/ids.ts'
import type { DatabaseSchema, StaffNoticeTable } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import type { MailOutbox, MailQueue } from '#server/mail/outbox.ts'
import { rowQueue } from '#server/mail/row-queue.ts'
import { senderDomain } from '#server/mail/transport.ts'
import { adminUrl, type AdminSite } from './site.ts'

type NoticeRow = Selectable<StaffNoticeTable>

/** Queues a notice for `to` when mail is on; returns whether it was queued. */
export async function queueNotice(
  db: Kysely<DatabaseSchema>,
  outbox: Pick<MailOutbox, 'enabled'>,
  notice: { to: string; subject: string; lines: string[]; now: Date },
): Promise<boolean> {
  if (!outbox.enabled) return false
  await db
    .insertInto('staff_notice')
    .values({
      id: newRowId(),
      created_at: notice.now.toISOString(),
      mail_to: notice.to,
      subject: notice.subject,
      body: notice.lines.join('\n'),
      mail_status: 'pending',
      next_attempt_at: notice.now.toISOString(),
    })
    .execute()
  return true
}

/** The lines of a passkey notice: what changed, when, and what to do if it was not them. */
export function passkeyNotice(
  site: AdminSite,
  change: { added: boolean; passkeyName: string; by: string; now: Date },
): string[] {
  return [
    'Hello,',
    '',
    `A passkey ${change.added ? 'was added to' : 'was removed from'} your DocuCommons back-office account:`,
    `"${change.passkeyName}", on ${change.now.toUTCString()}, by ${change.by}.`,
    '',
    'If that was you, there is nothing to do. If it was not, ask an administrator at once for a',
    'new link (it ends every passkey and session of your account when you use it), and check',
    `your passkeys at ${adminUrl(site, '/account')}.`,
    '',
    'DocuCommons: Listen, Learn, Lead',
  ]
}

/** The outbox queue of the notices. */
export function noticeQueue(db: Kysely<DatabaseSchema>, env: Pick<Env, 'MAIL_FROM'>): MailQueue {
  return rowQueue<NoticeRow>(db, {
    name: 'staff-notice',
    table: 'staff_notice',
    columns: { status: 'mail_status', attempts: 'mail_attempts', sentAt: 'mail_sent_at' },
    compose: (row) => ({
      to: row.mail_to,
      subject: row.subject,
      messageId: `<staff-notice-${row.id}@${senderDomain(env)}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
      text: row.body,
    }),
  })
}
