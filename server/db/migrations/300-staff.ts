/**
 * The back office's staff (server/staff): people and their roles, one-time invitation links
 * (stored as SHA-256 hashes; the row is also the invitation mail's outbox entry), passkeys,
 * sessions (the cookie's SHA-256), the WebAuthn challenges in flight, and the audit log.
 * Removing a person removes their invitations, passkeys and sessions with them (ON DELETE
 * CASCADE); removing a passkey ends the sessions opened with it. The audit log keeps its own copy
 * of who did what, so it outlives the people it names.
 */
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const staffMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('staff_member')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('email_key', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('role', 'text', (col) => col.notNull())
      // The WebAuthn user handle: random, so a passkey never carries the address.
      .addColumn('user_handle', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('last_sign_in_at', 'text')
      .execute()

    await db.schema
      .createTable('staff_invitation')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('member_id', 'text', (col) =>
        col.notNull().references('staff_member.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_by', 'text', (col) => col.notNull())
      // The invitation mail's outbox state (server/mail/row-queue.ts); the token is kept in
      // clear only while the mail waits to be sent.
      .addColumn('mail_to', 'text', (col) => col.notNull())
      .addColumn('mail_status', 'text', (col) => col.notNull())
      .addColumn('mail_attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('mail_sent_at', 'text')
      .addColumn('mail_token', 'text')
      .execute()
    await db.schema
      .createIndex('staff_invitation_member_idx')
      .on('staff_invitation')
      .column('member_id')
      .execute()
    await db.schema
      .createIndex('staff_invitation_outbox_idx')
      .on('staff_invitation')
      .columns(['mail_status', 'next_attempt_at'])
      .execute()

    await db.schema
      .createTable('staff_passkey')
      // The credential id (base64url), as the browser names it at sign-in.
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('member_id', 'text', (col) =>
        col.notNull().references('staff_member.id').onDelete('cascade'),
      )
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('counter', 'bigint', (col) => col.notNull())
      .addColumn('transports', 'text')
      .addColumn('device_type', 'text', (col) => col.notNull())
      .addColumn('backed_up', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_used_at', 'text')
      .execute()
    await db.schema
      .createIndex('staff_passkey_member_idx')
      .on('staff_passkey')
      .column('member_id')
      .execute()

    await db.schema
      .createTable('staff_session')
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('member_id', 'text', (col) =>
        col.notNull().references('staff_member.id').onDelete('cascade'),
      )
      .addColumn('passkey_id', 'text', (col) =>
        col.notNull().references('staff_passkey.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_seen_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('user_agent', 'text')
      .execute()
    await db.schema
      .createIndex('staff_session_member_idx')
      .on('staff_session')
      .column('member_id')
      .execute()
    await db.schema
      .createIndex('staff_session_passkey_idx')
      .on('staff_session')
      .column('passkey_id')
      .execute()

    await db.schema
      .createTable('staff_challenge')
      .addColumn('challenge', 'text', (col) => col.primaryKey())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('member_id', 'text', (col) =>
        col.references('staff_member.id').onDelete('cascade'),
      )
      .addColumn('invitation_id', 'text', (col) =>
        col.references('staff_invitation.id').onDelete('cascade'),
      )
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute()

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('created_at', 'text', (col) => col.notNull())
      // Who: a staff member's id (kept after they are removed) and a label to show for them.
      .addColumn('actor_id', 'text')
      .addColumn('actor_label', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('target_type', 'text')
      .addColumn('target_id', 'text')
      .addColumn('summary', 'text', (col) => col.notNull())
      .addColumn('details', 'text')
      .execute()
    await db.schema
      .createIndex('audit_log_created_idx')
      .on('audit_log')
      .columns(['created_at', 'id'])
      .execute()
    await db.schema
      .createIndex('audit_log_action_idx')
      .on('audit_log')
      .columns(['action', 'created_at', 'id'])
      .execute()
    await db.schema
      .createIndex('audit_log_actor_idx')
      .on('audit_log')
      .columns(['actor_id', 'created_at', 'id'])
      .execute()
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    for (const table of [
      'audit_log',
      'staff_challenge',
      'staff_session',
      'staff_passkey',
      'staff_invitation',
      'staff_member',
    ])
      await db.schema.dropTable(table).execute()
  },
}
