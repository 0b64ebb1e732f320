/**
 * The columns of a contact-message export, shared by `npm run messages` and the back office's
 * CSV download (server/export/csv.ts writes them), and the eraser of a person's messages.
 */
import type { Columns } from '#server/export/csv.ts'
import type { PersonalDataEraser } from '#server/privacy/erasure.ts'
import { forgetMessages, messagesFrom, type MessageRow } from './repository.ts'

export const messageColumns: Columns<MessageRow> = {
  id: (row) => row.id,
  receivedAt: (row) => row.created_at,
  name: (row) => row.name,
  email: (row) => row.email,
  website: (row) => row.website,
  message: (row) => row.message,
  spam: (row) => row.spam_reason !== null,
  spamReason: (row) => row.spam_reason,
  checkReason: (row) => row.check_reason,
  deliveryStatus: (row) => row.delivery_status,
  deliveryAttempts: (row) => Number(row.delivery_attempts),
  nextAttemptAt: (row) => row.next_attempt_at,
  lastError: (row) => row.last_error,
  deliveredAt: (row) => row.delivered_at,
  handledAt: (row) => row.handled_at,
}

const describe = (row: { created_at: string; spam_reason: string | null }) =>
  `received ${row.created_at}${row.spam_reason ? ` (spam: ${row.spam_reason})` : ''}`

/** Erasure on request: every message sent with the address, with its queued notification. */
export const contactEraser: PersonalDataEraser = {
  label: 'Contact messages',
  noun: 'contact message',
  preview: async (db, email) => (await messagesFrom(db, email)).map(describe),
  erase: async (db, email) => (await forgetMessages(db, email)).map(describe),
}
