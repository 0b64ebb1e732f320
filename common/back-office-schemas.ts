/**
 * What the staff app sends to the back office's routes, as zod schemas the server parses at the
 * edge (400 naming each field). The answers' shapes are in back-office.ts.
 */
import { z } from 'zod'
import { CHOOSE_A_ROLE, MESSAGE_FILTERS, ROLES, SUBSCRIBER_STATUSES } from './back-office.ts'
import { emailAddress } from './contact-schemas.ts'
import { NOT_ONE_LINE } from './contact.ts'

const oneLine = (what: string, max: number) =>
  z
    .string({ error: `Please enter ${what}.` })
    .refine(
      (v) => !NOT_ONE_LINE.test(v),
      `${what[0]!.toUpperCase()}${what.slice(1)} must fit on one line.`,
    )
    .trim()
    .max(max, `Please keep ${what} to ${max} characters.`)

/**
 * A WebAuthn answer from the browser (@simplewebauthn/browser's JSON). Its inside is checked by
 * @simplewebauthn/server; here only its shape and size.
 */
export const PasskeyCredential = z
  .looseObject({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(8192) }),
  })
  .refine((value) => JSON.stringify(value).length <= 32_768, 'The passkey answer is too large.')

const invitationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not complete.')

export const InvitationRequest = z.strictObject({ token: invitationToken })
export const AcceptInvitationRequest = z.strictObject({
  token: invitationToken,
  credential: PasskeyCredential,
  passkeyName: oneLine('a name for the passkey', 60).optional(),
})
export const SignInRequest = z.strictObject({ credential: PasskeyCredential })
export const AddPasskeyRequest = z.strictObject({
  credential: PasskeyCredential,
  passkeyName: oneLine('a name for the passkey', 60).optional(),
})

export const InviteRequest = z.strictObject({
  email: emailAddress,
  name: oneLine('a name', 120)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  role: z.enum(ROLES, { error: CHOOSE_A_ROLE }),
})
export const RoleRequest = z.strictObject({
  role: z.enum(ROLES, { error: CHOOSE_A_ROLE }),
})

export const MessageListQuery = z.strictObject({
  filter: z.enum(MESSAGE_FILTERS).default('new'),
  q: z.string().trim().max(200, 'Please keep the search to 200 characters.').optional(),
  cursor: z.string().max(300).optional(),
})
/** A contact message's id in a path. */
export const MessageIdParams = z.strictObject({
  id: z.uuid({ error: 'There is no such message.' }),
})
/** GET /messages/export.csv: the inbox view and search of the list. */
export const MessageExportQuery = MessageListQuery.pick({ filter: true, q: true })
/** A newsletter subscriber's id in a path. */
export const SubscriberIdParams = z.strictObject({
  id: z.uuid({ error: 'There is no such subscriber.' }),
})
/** A staff member's or a passkey's id in a path. */
export const StaffIdParams = z.strictObject({ id: z.string().min(1).max(200) })

export const HandledRequest = z.strictObject({ handled: z.boolean() })
export const SpamRequest = z.strictObject({ spam: z.boolean() })

export const SubscriberListQuery = z.strictObject({
  status: z.enum([...SUBSCRIBER_STATUSES, 'mailable', 'all']).default('mailable'),
  q: z.string().trim().max(200, 'Please keep the search to 200 characters.').optional(),
  cursor: z.string().max(300).optional(),
})

export const ErasureRequest = z.strictObject({ email: emailAddress })
export const EraseRequest = z
  .strictObject({ email: emailAddress, confirm: z.string() })
  .refine((v) => v.confirm.trim().toLowerCase() === v.email.trim().toLowerCase(), {
    path: ['confirm'],
    message: 'Type the same address again to confirm.',
  })

export const AuditQuery = z.strictObject({
  action: z.string().max(60).optional(),
  actor: z.string().max(60).optional(),
  cursor: z.string().max(300).optional(),
})
