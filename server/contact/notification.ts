/** The e-mail the organisation receives for each accepted contact message. */
import type { Selectable } from 'kysely'
import type { ContactMessageTable } from '#server/db/schema.ts'
import type { Env } from '#server/env.ts'
import { senderDomain, type OutgoingMail } from '#server/mail/transport.ts'

export function notificationMail(
  row: Selectable<ContactMessageTable>,
  env: Pick<Env, 'CONTACT_NOTIFY_TO' | 'MAIL_FROM'>,
): OutgoingMail {
  const shortName = row.name.length > 80 ? `${row.name.slice(0, 79)}…` : row.name
  return {
    to: env.CONTACT_NOTIFY_TO,
    // Answering the notification answers the visitor; From stays our own sender so the mail
    // passes the sending domain's SPF/DKIM checks.
    replyTo: { name: row.name, address: row.email },
    subject: `Contact form: message from ${shortName}`,
    messageId: `<contact-${row.id}@${senderDomain(env)}>`,
    headers: { 'X-Contact-Message-Id': row.id, 'Auto-Submitted': 'auto-generated' },
    text: [
      'A visitor sent this message through the contact form of the DocuCommons website.',
      '',
      `Name:     ${row.name}`,
      `E-mail:   ${row.email}`,
      `Website:  ${row.website ?? '(none)'}`,
      `Received: ${row.created_at}`,
      `Id:       ${row.id}`,
      ...(row.check_reason
        ? [
            '',
            'To check: it was sent within seconds of the form opening. Autofill lets people do',
            'that, and so do scripts: read it before you reply.',
          ]
        : []),
      '',
      'Message:',
      row.message ?? '(no message)',
      '',
      '--',
      `Reply to this e-mail to answer ${row.name} directly.`,
    ].join('\n'),
  }
}
