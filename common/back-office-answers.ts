/**
 * What the back office's routes answer, as zod schemas: each route's definition names one
 * (server/back-office/table.ts `response`), tests check every answer against it and the API
 * document (/admin/api/openapi.json) is made from them. Each is checked at compile time against
 * the answer's type the staff app reads (back-office.ts), with `satisfies`.
 */
import { z } from 'zod'
import {
  MESSAGE_FILTERS,
  ROLES,
  SUBSCRIBER_STATUSES,
  type AccountAnswer,
  type ApiProblem,
  type AuditAnswer,
  type ErasureAnswer,
  type ErasureKindsAnswer,
  type ErasurePreviewAnswer,
  type InvitationAnswer,
  type InvitationLinkAnswer,
  type MessageDetail,
  type MessageListAnswer,
  type SessionAnswer,
  type StaffIdentity,
  type StaffListAnswer,
  type StaffMemberSummary,
  type SubscriberListAnswer,
  type SubscriberSummary,
} from './back-office.ts'

const time = z.string()
const nullableTime = time.nullable()

/** Every refusal: what went wrong, and per field what to fix. */
export const ApiProblemAnswer = z.looseObject({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<ApiProblem>

/** `{ ok: true }`: the change was made. */
export const OkAnswer = z.strictObject({ ok: z.literal(true) })

/** Options for the browser's passkey prompt (@simplewebauthn/server's JSON), passed on as is. */
export const PasskeyOptionsAnswer = z.looseObject({ challenge: z.string() })

const StaffIdentitySchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
}) satisfies z.ZodType<StaffIdentity>

export const SessionAnswerSchema = z.strictObject({
  staff: StaffIdentitySchema,
  navigation: z.array(z.strictObject({ path: z.string(), label: z.string() })),
}) satisfies z.ZodType<SessionAnswer>

/** GET /session: the person signed in, or null. */
export const SessionOrNobody = z.strictObject({
  staff: StaffIdentitySchema.nullable(),
  navigation: SessionAnswerSchema.shape.navigation,
})

export const InvitationAnswerSchema = z.strictObject({
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  expiresAt: time,
}) satisfies z.ZodType<InvitationAnswer>

export const AccountAnswerSchema = z.strictObject({
  staff: StaffIdentitySchema,
  passkeys: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      createdAt: time,
      lastUsedAt: nullableTime,
      current: z.boolean(),
    }),
  ),
  sessions: z.array(
    z.strictObject({
      createdAt: time,
      lastSeenAt: time,
      userAgent: z.string().nullable(),
      current: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<AccountAnswer>

const StaffMemberSchema = StaffIdentitySchema.extend({
  createdAt: time,
  lastSignInAt: nullableTime,
  passkeys: z.number().int(),
  invitationExpiresAt: nullableTime,
}) satisfies z.ZodType<StaffMemberSummary>

export const StaffListAnswerSchema = z.strictObject({
  members: z.array(StaffMemberSchema),
  mail: z.boolean(),
}) satisfies z.ZodType<StaffListAnswer>

export const InvitationLinkAnswerSchema = z.strictObject({
  member: StaffMemberSchema,
  link: z.string().nullable(),
  expiresAt: time,
  mailed: z.boolean(),
}) satisfies z.ZodType<InvitationLinkAnswer>

export const StaffMemberAnswer = StaffMemberSchema

/** POST /sign-out-everywhere: how many sessions ended. */
export const EndedAnswer = z.strictObject({ ended: z.number().int() })
/** POST /confirm: when the person confirmed it was them. */
export const ConfirmedAnswer = z.strictObject({ confirmedAt: time })
/** POST /account/passkeys: the passkey added. */
export const PasskeyAddedAnswer = z.strictObject({ id: z.string(), name: z.string() })
/** DELETE /account/passkeys/:id: whether it was this session's passkey (then it ended). */
export const PasskeyRemovedAnswer = z.strictObject({ signedOut: z.boolean() })

const target = z.strictObject({ type: z.string(), id: z.string() }).nullable()

export const AuditAnswerSchema = z.strictObject({
  entries: z.array(
    z.strictObject({
      id: z.string(),
      at: time,
      actor: z.string(),
      action: z.string(),
      summary: z.string(),
      target,
    }),
  ),
  next: z.string().nullable(),
  actions: z.array(z.string()),
  actors: z.array(z.strictObject({ id: z.string(), label: z.string() })),
}) satisfies z.ZodType<AuditAnswer>

const deliveryStatus = z.enum(['pending', 'sent', 'failed', 'none'])

export const MessageListAnswerSchema = z.strictObject({
  messages: z.array(
    z.strictObject({
      id: z.string(),
      receivedAt: time,
      name: z.string(),
      email: z.string(),
      preview: z.string(),
      handledAt: nullableTime,
      spam: z.boolean(),
      checkReason: z.string().nullable(),
      deliveryStatus,
    }),
  ),
  next: z.string().nullable(),
  counts: z.record(z.enum(MESSAGE_FILTERS), z.number().int()).nullable(),
}) satisfies z.ZodType<MessageListAnswer>

export const MessageDetailSchema = z.strictObject({
  id: z.string(),
  receivedAt: time,
  name: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  message: z.string().nullable(),
  spamReason: z.string().nullable(),
  checkReason: z.string().nullable(),
  handledAt: nullableTime,
  handledBy: z.string().nullable(),
  delivery: z.strictObject({
    status: deliveryStatus,
    attempts: z.number().int(),
    nextAttemptAt: nullableTime,
    lastError: z.string().nullable(),
    deliveredAt: nullableTime,
  }),
  canSendAgain: z.boolean(),
}) satisfies z.ZodType<MessageDetail>

const SubscriberSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: time,
  consentAt: nullableTime,
  consentSource: z.string().nullable(),
  confirmedAt: nullableTime,
  unsubscribedAt: nullableTime,
  bouncedAt: nullableTime,
}) satisfies z.ZodType<SubscriberSummary>

export const SubscriberListAnswerSchema = z.strictObject({
  subscribers: z.array(SubscriberSchema),
  next: z.string().nullable(),
  counts: z.record(z.enum(SUBSCRIBER_STATUSES), z.number().int()),
}) satisfies z.ZodType<SubscriberListAnswer>

export const SubscriberAnswer = SubscriberSchema

const erasureGroups = {
  email: z.string(),
  groups: z.array(z.strictObject({ label: z.string(), records: z.array(z.string()) })),
  total: z.number().int(),
}

export const ErasureKindsAnswerSchema = z.strictObject({
  kinds: z.array(z.string()),
}) satisfies z.ZodType<ErasureKindsAnswer>
export const ErasurePreviewAnswerSchema = z.strictObject(
  erasureGroups,
) satisfies z.ZodType<ErasurePreviewAnswer>
export const ErasureAnswerSchema = z.strictObject(erasureGroups) satisfies z.ZodType<ErasureAnswer>

/** A CSV download (a link the browser saves). */
export const CSV_FILE = { contentType: 'text/csv', description: 'A CSV file.' } as const

/** What GET /openapi.json answers: an OpenAPI 3.1 document (checked by a validator in tests). */
export const OpenApiAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
})
