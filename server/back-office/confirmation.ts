/**
 * "Confirm it's you": the changes a stolen session (or a script in the back office) must not be
 * able to make alone need a user verification of the same person within the last five minutes.
 * Adding or removing one's passkeys, and an administrator's invitations, role changes, new
 * links and removals, answer 428 otherwise; the staff app then asks for the person's passkey
 * (a WebAuthn assertion with userVerification "required", POST /confirm) and sends the change
 * again. Signing in counts as a confirmation.
 */
import type { FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import { CONFIRMATION_MINUTES, CONFIRMATION_REQUIRED_STATUS } from '#common/back-office.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'
import { sendApiError } from '#server/http/api-error.ts'
import type { SignedInStaff } from './table.ts'

export const CONFIRMATION_MS = CONFIRMATION_MINUTES * 60_000

/** The status of "confirm it's you first" (Precondition Required): the staff app knows it. */
export const CONFIRMATION_REQUIRED = CONFIRMATION_REQUIRED_STATUS

export function confirmedRecently(staff: SignedInStaff, now: Date): boolean {
  if (!staff.confirmedAt) return false
  const age = now.getTime() - Date.parse(staff.confirmedAt)
  return age >= 0 && age < CONFIRMATION_MS
}

/** Answers 428 unless the person confirmed it was them recently; true when it answered. */
export function refuseUnconfirmed(reply: FastifyReply, staff: SignedInStaff, now: Date): boolean {
  if (confirmedRecently(staff, now)) return false
  void sendApiError(
    reply,
    CONFIRMATION_REQUIRED,
    `Confirm it's you with your passkey first: this change needs a confirmation from the last ${CONFIRMATION_MINUTES} minutes.`,
  )
  return true
}

/** Notes that the person confirmed it was them in this session. */
export async function confirmSession(db: Kysely<DatabaseSchema>, sessionHash: string, now: Date) {
  await db
    .updateTable('staff_session')
    .set({ confirmed_at: now.toISOString() })
    .where('id_hash', '=', sessionHash)
    .execute()
}
