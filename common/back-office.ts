/**
 * The back office's API contract without the schema library (so the staff app's bundle has no
 * zod): roles, the views of the lists, and the shapes of the answers the back-office routes send.
 * The request schemas the server parses are in back-office-schemas.ts.
 */
export const ROLES = ['admin', 'editor'] as const
export type Role = (typeof ROLES)[number]
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', editor: 'Editor' }
/** What the server says of a missing or unknown role (the staff app says it too, unsent). */
export const CHOOSE_A_ROLE = 'Choose a role: Administrator or Editor.'

/** Every back-office API route lives under this path. */
export const ADMIN_API = '/admin/api'

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 24

/**
 * How long a "confirm it's you" (a passkey with user verification) counts for the changes that
 * need one: one's passkeys, and an administrator's invitations, roles, new links and removals.
 */
export const CONFIRMATION_MINUTES = 5
/** The status the back office answers when such a change needs a fresh confirmation first. */
export const CONFIRMATION_REQUIRED_STATUS = 428

export const MESSAGE_FILTERS = ['new', 'handled', 'spam', 'all'] as const
export type MessageFilter = (typeof MESSAGE_FILTERS)[number]

export const SUBSCRIBER_STATUSES = [
  'confirmed',
  'subscribed',
  'pending',
  'unsubscribed',
  'spam',
] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

// ── Answers ───────────────────────────────────────────────────────────────────────────────────

export interface StaffIdentity {
  id: string
  email: string
  name: string | null
  role: Role
}

export interface NavigationItem {
  path: string
  label: string
}

export interface SessionAnswer {
  staff: StaffIdentity
  /** The pages this person may open, in menu order. */
  navigation: NavigationItem[]
}

export interface InvitationAnswer {
  email: string
  name: string | null
  role: Role
  expiresAt: string
}

export interface PasskeySummary {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
  /** The passkey this browser signed in with. */
  current: boolean
}

export interface SessionSummary {
  createdAt: string
  lastSeenAt: string
  userAgent: string | null
  current: boolean
}

export interface AccountAnswer {
  staff: StaffIdentity
  passkeys: PasskeySummary[]
  sessions: SessionSummary[]
}

export interface StaffMemberSummary extends StaffIdentity {
  createdAt: string
  lastSignInAt: string | null
  passkeys: number
  /** When the newest unused invitation link ends, if there is one. */
  invitationExpiresAt: string | null
}

export interface StaffListAnswer {
  members: StaffMemberSummary[]
  /** Whether invitations are also sent by e-mail (SMTP is configured). */
  mail: boolean
}

export interface InvitationLinkAnswer {
  member: StaffMemberSummary
  /**
   * The link, or null when it went only to the person: another administrator's link is never
   * shown to the one who made it while mail is on.
   */
  link: string | null
  expiresAt: string
  mailed: boolean
}

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'none'

export interface MessageSummary {
  id: string
  receivedAt: string
  name: string
  email: string
  /** The first characters of the message. */
  preview: string
  handledAt: string | null
  spam: boolean
  /** Sent faster than a person types ('too-fast'): in the inbox, to be looked at before trusting. */
  checkReason: string | null
  deliveryStatus: DeliveryStatus
}

export interface MessageListAnswer {
  messages: MessageSummary[]
  /** The cursor of the next page, or null on the last one. */
  next: string | null
  /** How many messages each view holds (on the first page only). */
  counts: Record<MessageFilter, number> | null
}

export interface MessageDetail {
  id: string
  receivedAt: string
  name: string
  email: string
  website: string | null
  message: string | null
  spamReason: string | null
  /** Sent faster than a person types ('too-fast'): in the inbox, to be looked at before trusting. */
  checkReason: string | null
  handledAt: string | null
  handledBy: string | null
  delivery: {
    status: DeliveryStatus
    attempts: number
    nextAttemptAt: string | null
    lastError: string | null
    deliveredAt: string | null
  }
  /** A failed notification can be queued again (mail is set up on the server). */
  canSendAgain: boolean
}

export interface SubscriberSummary {
  id: string
  email: string
  status: SubscriberStatus
  createdAt: string
  consentAt: string | null
  consentSource: string | null
  confirmedAt: string | null
  unsubscribedAt: string | null
  /** When a mail server refused the address for good: it is never mailed again. */
  bouncedAt: string | null
}

export interface SubscriberListAnswer {
  subscribers: SubscriberSummary[]
  next: string | null
  counts: Record<SubscriberStatus, number>
}

/** What an erasure would delete (preview) or did delete, per kind of record. */
export interface ErasureGroup {
  /** e.g. "Contact messages" */
  label: string
  /** One line per record, e.g. "received 2026-05-01 10:00 UTC". */
  records: string[]
}

/** What "Forget a person" erases: the label of each kind of record, as features registered them. */
export interface ErasureKindsAnswer {
  kinds: string[]
}

export interface ErasurePreviewAnswer {
  email: string
  groups: ErasureGroup[]
  total: number
}

export interface ErasureAnswer {
  email: string
  groups: ErasureGroup[]
  total: number
}

export interface AuditEntrySummary {
  id: string
  at: string
  actor: string
  action: string
  summary: string
  target: { type: string; id: string } | null
}

export interface AuditAnswer {
  entries: AuditEntrySummary[]
  next: string | null
  actions: string[]
  actors: { id: string; label: string }[]
}

/** The body of every error answer; a 400 names what to fix in each field. */
export interface ApiProblem {
  error: string
  message: string
  fields?: Record<string, string>
}
