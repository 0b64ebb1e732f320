/**
 * Table types for Kysely. Each feature adds its tables here and a migration in ./migrations.
 * Timestamps are ISO-8601 strings in UTC on both SQLite and PostgreSQL (stored as text), so
 * every query reads the same on either database.
 */
import type { Generated } from 'kysely'

/** One course of the catalogue, as last synced from the store (migration 001-catalogue). */
export interface CatalogueCourseTable {
  id: string
  /** The store's order, kept so the catalogue lists courses as the store does. */
  position: number
  title: string
  description: string
  /** Whole US cents, so no price ever passes through a binary fraction in the database. */
  price_cents: number
  url: string
  image_url: string
  synced_at: string
}

/**
 * The one row (id 1) that records the catalogue's sync history. Every server process reads it, so
 * the refresh cooldown holds across processes that share one database.
 */
export interface CatalogueSyncTable {
  id: number
  provider: string | null
  /** Raised by every successful sync; a process whose copy is older reloads the catalogue. */
  version: Generated<number>
  /** When the last sync started (the cooldown runs from here) and when it ended. */
  last_attempt_at: string | null
  last_finished_at: string | null
  last_success_at: string | null
  last_error_status: number | null
  last_error_message: string | null
  course_count: Generated<number>
}

/** A contact-form message; the row is also its notification's outbox entry (migration 100). */
export interface ContactMessageTable {
  id: string
  /** The browser's id for the submission: a resend from its offline outbox is stored once. */
  submission_id: string | null
  created_at: string
  name: string
  email: string
  website: string | null
  message: string | null
  /** Why the message was taken for spam ('honeypot', 'too-fast', 'no-timing'); null when not. */
  spam_reason: string | null
  delivery_status: 'pending' | 'sent' | 'failed' | 'none'
  delivery_attempts: Generated<number>
  next_attempt_at: string | null
  last_error: string | null
  delivered_at: string | null
}

/** A newsletter address; the row carries its confirmation mail's outbox state (migration 101). */
export interface NewsletterSubscriberTable {
  id: string
  email: string
  /** The lower-cased address: one row per address whatever its case. */
  email_key: string
  /**
   * pending: awaiting the double opt-in; confirmed; subscribed: single opt-in (no mail set up);
   * unsubscribed: consent withdrawn, never mailed again; spam.
   */
  status: 'pending' | 'confirmed' | 'subscribed' | 'unsubscribed' | 'spam'
  spam_reason: string | null
  created_at: string
  updated_at: string
  confirmed_at: string | null
  /** SHA-256 (hex) of the confirmation token last mailed; the token itself is never stored. */
  token_hash: string | null
  token_expires_at: string | null
  mail_status: 'pending' | 'sent' | 'failed' | 'none'
  mail_attempts: Generated<number>
  next_attempt_at: string | null
  last_error: string | null
  mail_sent_at: string | null
  /** When the visitor last asked to subscribe, and how (migration 102). */
  consent_at: string | null
  consent_source: string | null
  unsubscribed_at: string | null
  /**
   * The confirmation token while its mail is in the outbox, so a retry sends the same link and
   * Message-ID; cleared once the mail is sent or given up (only token_hash remains).
   */
  mail_token: string | null
  /**
   * The unsubscribe token of the mail in the outbox, likewise; cleared with mail_token, when only
   * its hash remains in newsletter_unsubscribe_token (migration 103).
   */
  mail_unsubscribe_token: string | null
}

/**
 * The SHA-256 (hex) of every unsubscribe token mailed to a subscriber (migration 103): each mail
 * has its own, and every one works for as long as the subscriber's row exists.
 */
export interface NewsletterUnsubscribeTokenTable {
  token_hash: string
  subscriber_id: string
  created_at: string
}

/** One rate-limit window per endpoint and client (migration 200), used on PostgreSQL. */
export interface RateLimitWindowTable {
  /** "<endpoint>:<address or IPv6 /64>" */
  key: string
  count: number
  /** When the window ends, in milliseconds since 1970 (bigint: a string when read back). */
  reset_at: number | string
}

export interface DatabaseSchema {
  catalogue_course: CatalogueCourseTable
  catalogue_sync: CatalogueSyncTable
  contact_message: ContactMessageTable
  newsletter_subscriber: NewsletterSubscriberTable
  newsletter_unsubscribe_token: NewsletterUnsubscribeTokenTable
  rate_limit_window: RateLimitWindowTable
}
