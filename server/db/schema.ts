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
  /** Why the message was taken for spam ('honeypot', 'no-timing', 'marked by staff'); null when not. */
  spam_reason: string | null
  /** Why staff should look before trusting it ('too-fast'); null when nothing stands out (530). */
  check_reason: string | null
  delivery_status: 'pending' | 'sent' | 'failed' | 'none'
  delivery_attempts: Generated<number>
  next_attempt_at: string | null
  last_error: string | null
  delivered_at: string | null
  /** When a staff member marked the message handled in the back office, and who (migration 301). */
  handled_at: string | null
  handled_by: string | null
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
  /** When a mail server refused the address for good (5xx); never mailed again (migration 500). */
  bounced_at: string | null
  bounce_reason: string | null
}

/** A letter to the newsletter's readers (migration 500, docs/newsletter.md). */
export interface NewsletterLetterTable {
  id: string
  /** letter: written here; episode / article: made from published content; weekly. */
  kind: 'letter' | 'episode' | 'article' | 'weekly'
  /** The content document it was made from ("episode/<slug>"), if any. */
  source_key: string | null
  /**
   * The publication it announces ("episode/<slug>"), for the one letter "Send this episode to
   * readers" makes per episode (unique); null for every other letter.
   */
  announces: string | null
  /** Its public copy, once sent: /newsletter/<slug>. */
  slug: string
  subject: string
  preheader: string
  /** Markdown, the articles' flavour. */
  body: string
  status: 'draft' | 'scheduled' | 'sending' | 'sent'
  /** Scheduled: when the send starts. */
  send_at: string | null
  started_at: string | null
  finished_at: string | null
  /** How many readers the send took (the delivery rows written when it started). */
  recipients: number | null
  /** Raised by every change; a save made from an older version is refused. */
  version: Generated<number>
  created_at: string
  updated_at: string
  created_by: string | null
  sent_by: string | null
}

/** One reader's copy of a letter, with its own outbox columns (migration 500). */
export interface NewsletterDeliveryTable {
  /** "<letter id>:<subscriber id>" */
  id: string
  letter_id: string
  subscriber_id: string
  /** skipped: the reader left (unsubscribed, erased, bounced) before it went. */
  status: 'pending' | 'sent' | 'failed' | 'bounced' | 'skipped'
  attempts: Generated<number>
  next_attempt_at: string | null
  last_error: string | null
  sent_at: string | null
  /** The unsubscribe token of this copy while it is in the outbox; only its hash stays. */
  unsubscribe_token: string | null
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

/** One distinct content of uploaded media, by the SHA-256 of its bytes (migration 450). */
export interface MediaBlobTable {
  sha256: string
  size: number
  created_at: string
}

/** PostgreSQL: the bytes of a blob, in order, at most 1 MiB each. Empty on SQLite (DATA_DIR). */
export interface MediaBlobChunkTable {
  sha256: string
  seq: number
  data: Uint8Array
}

/** One picture or audio file of the media library (migration 450). */
export interface MediaAssetTable {
  id: string
  /** The first 32 hex digits of the uploaded bytes' SHA-256: the stem of the asset's URLs. */
  key: string
  kind: 'image' | 'audio'
  original_name: string
  /** The uploaded file's type, as read from its bytes. */
  mime: string
  size: number
  sha256: string
  width: number | null
  height: number | null
  /** The dominant colour, "#rrggbb", shown while a picture loads. */
  color: string | null
  alt: string | null
  /** Where the subject is, 0..1 from the left and from the top (covers are cropped around it). */
  focal_x: number | null
  focal_y: number | null
  created_by: string | null
  created_at: string
  updated_at: string
}

/** A file an asset is served as, at /media/u/<name> (migration 450). */
export interface MediaFileTable {
  name: string
  asset_id: string
  sha256: string
  role: 'variant' | 'master' | 'audio'
  format: string
  mime: string
  size: number
  width: number | null
  height: number | null
}

/**
 * One piece of published content (migration 400): a page's copy, an article, the site settings,
 * the media manifest (server/content, docs/content.md).
 */
export interface ContentDocumentTable {
  id: string
  /** Stable for the document's life: "page/home", "article/marisol-vega". */
  key: string
  kind: string
  /** Articles only: the current slug. */
  slug: string | null
  /**
   * draft: not visible (never published, or unpublished); published; scheduled: visible once
   * publish_at has come.
   */
  status: 'draft' | 'published' | 'scheduled'
  publish_at: string | null
  /** The revision visitors see (or will see, when scheduled). */
  published_revision_id: string | null
  /** Unpublished changes, as JSON and Markdown; null when there are none. */
  draft_data: string | null
  draft_body: string | null
  /** Raised by every change; a save made from an older version is refused. */
  version: number
  created_at: string
  updated_at: string
  /** The staff account that changed it last; null for the importer. */
  updated_by: string | null
}

/** A published version of a document; never changed once written (migration 400). */
export interface ContentRevisionTable {
  id: string
  document_id: string
  /** 1, 2, 3… per document. */
  number: number
  data: string
  body: string | null
  author_id: string | null
  created_at: string
  note: string | null
}

/** A former article slug: /articles/<from_slug> answers 301 to the document's current slug. */
export interface ContentRedirectTable {
  from_slug: string
  document_id: string
  created_at: string
}

/** The one row (id 1) whose version every publish raises; other processes watch it. */
export interface ContentStateTable {
  id: number
  version: number
  updated_at: string | null
}

/** A person who may use the back office (migration 300). */
export interface StaffMemberTable {
  id: string
  email: string
  /** The lower-cased address: one person per address whatever its case. */
  email_key: string
  name: string | null
  role: 'admin' | 'editor'
  /** The WebAuthn user handle (random, base64url): a passkey never carries the address. */
  user_handle: string
  created_at: string
  updated_at: string
  last_sign_in_at: string | null
}

/** A one-time link to register a passkey; its row is also its mail's outbox entry. */
export interface StaffInvitationTable {
  id: string
  member_id: string
  /** SHA-256 (hex) of the token in the link; the token itself is kept only while mail waits. */
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
  /** Who made it: a staff member's address or "command line". */
  created_by: string
  /** The invited person's address (the mail's recipient). */
  mail_to: string
  mail_status: 'pending' | 'sent' | 'failed' | 'none'
  mail_attempts: Generated<number>
  next_attempt_at: string | null
  last_error: string | null
  mail_sent_at: string | null
  mail_token: string | null
}

/** A passkey (WebAuthn credential) of a staff member. */
export interface StaffPasskeyTable {
  /** The credential id, base64url. */
  id: string
  member_id: string
  /** The COSE public key, base64url. */
  public_key: string
  /** The signature counter (bigint: a string when read back from PostgreSQL). */
  counter: number | string
  /** JSON array of the transports the browser reported. */
  transports: string | null
  device_type: string
  backed_up: number
  name: string
  created_at: string
  last_used_at: string | null
}

/** A signed-in browser: the SHA-256 of its cookie, never the cookie itself. */
export interface StaffSessionTable {
  id_hash: string
  member_id: string
  /** The passkey it signed in with: removing the passkey ends the session. */
  passkey_id: string
  created_at: string
  last_seen_at: string
  /** The absolute end of the session, whatever the activity. */
  expires_at: string
  user_agent: string | null
  /** When the person last confirmed it was them here (signing in counts): fresh for 5 minutes. */
  confirmed_at: string | null
}

/** A notice mailed to a staff member (their passkeys changed), with its outbox state. */
export interface StaffNoticeTable {
  id: string
  created_at: string
  mail_to: string
  subject: string
  body: string
  mail_status: 'pending' | 'sent' | 'failed' | 'none'
  mail_attempts: Generated<number>
  next_attempt_at: string | null
  last_error: string | null
  mail_sent_at: string | null
}

/** A WebAuthn challenge handed out and not yet answered; each is used at most once. */
export interface StaffChallengeTable {
  challenge: string
  purpose: 'sign-in' | 'register' | 'confirm'
  member_id: string | null
  invitation_id: string | null
  expires_at: string
}

/** One staff action: who, when, what and on which record. */
export interface AuditLogTable {
  id: string
  created_at: string
  actor_id: string | null
  actor_label: string
  action: string
  target_type: string | null
  target_id: string | null
  summary: string
  /** JSON with further facts (never a visitor's address: erasures store its hash). */
  details: string | null
}

/** A document the search index holds, as it was indexed (migration 510-search). */
export interface SearchSourceTable {
  document_key: string
  revision_id: string
  slug: string | null
  /** When it may be found (ISO), '' for already. */
  visible_from: string
}

/** One searchable thing: an article, a page, an episode, a transcript line or a course. */
export interface SearchEntryTable {
  id: Generated<number>
  /** The content document's key, or "course/<id>" for a course of the catalogue. */
  document_key: string
  kind: 'article' | 'page' | 'episode' | 'course'
  /** 1 for a line of an episode's transcript. */
  line: number
  visible_from: string
  url: string
  /** The title a result shows (for a transcript line: its episode's). */
  display_title: string
  speaker: string | null
  seconds: number | null
  /** The text searched: the title weighs more than the body. */
  title: string
  body: string
}

export interface SearchWordTable {
  id: Generated<number>
  word: string
}

/** The one row (id 1): the content and catalogue versions the search index reflects. */
export interface SearchStateTable {
  id: number
  content_version: number
  catalogue_version: number
}

export interface DatabaseSchema {
  catalogue_course: CatalogueCourseTable
  catalogue_sync: CatalogueSyncTable
  contact_message: ContactMessageTable
  newsletter_subscriber: NewsletterSubscriberTable
  newsletter_unsubscribe_token: NewsletterUnsubscribeTokenTable
  newsletter_letter: NewsletterLetterTable
  newsletter_delivery: NewsletterDeliveryTable
  rate_limit_window: RateLimitWindowTable
  media_blob: MediaBlobTable
  media_blob_chunk: MediaBlobChunkTable
  media_asset: MediaAssetTable
  media_file: MediaFileTable
  content_document: ContentDocumentTable
  content_revision: ContentRevisionTable
  content_redirect: ContentRedirectTable
  content_state: ContentStateTable
  staff_member: StaffMemberTable
  staff_invitation: StaffInvitationTable
  staff_passkey: StaffPasskeyTable
  staff_session: StaffSessionTable
  staff_notice: StaffNoticeTable
  staff_challenge: StaffChallengeTable
  audit_log: AuditLogTable
  search_source: SearchSourceTable
  search_entry: SearchEntryTable
  search_word: SearchWordTable
  search_state: SearchStateTable
}
