/**
 * The contracts (common/api-contract.ts) of the back office's own routes: signing in and out,
 * invitations, one's account and passkeys, the staff list and the audit log. Served by
 * server/staff/ (sign-in-routes.ts, account-routes.ts, staff-routes.ts).
 */
import { contract } from './api-contract.ts'
import type {
  AccountAnswerSchema,
  AuditAnswerSchema,
  ConfirmedAnswer,
  EndedAnswer,
  InvitationAnswerSchema,
  InvitationLinkAnswerSchema,
  OkAnswer,
  OpenApiAnswer,
  PasskeyAddedAnswer,
  PasskeyOptionsAnswer,
  PasskeyRemovedAnswer,
  SessionAnswerSchema,
  StaffListAnswerSchema,
  StaffMemberAnswer,
} from './back-office-answers.ts'
import type {
  AcceptInvitationRequest,
  AddPasskeyRequest,
  AuditQuery,
  InvitationRequest,
  InviteRequest,
  RoleRequest,
  SignInRequest,
  StaffIdParams,
} from './back-office-schemas.ts'

type Options = typeof PasskeyOptionsAnswer

export const session = contract<{ response: typeof SessionAnswerSchema }>('GET', '/session')
export const signInOptions = contract<{ response: Options }>('POST', '/sign-in/options')
export const signIn = contract<{
  body: typeof SignInRequest
  response: typeof SessionAnswerSchema
}>('POST', '/sign-in')
export const signOut = contract<{ response: typeof OkAnswer }>('POST', '/sign-out')
export const signOutEverywhere = contract<{ response: typeof EndedAnswer }>(
  'POST',
  '/sign-out-everywhere',
)
export const invitation = contract<{
  body: typeof InvitationRequest
  response: typeof InvitationAnswerSchema
}>('POST', '/invitation')
export const invitationOptions = contract<{ body: typeof InvitationRequest; response: Options }>(
  'POST',
  '/invitation/options',
)
export const acceptInvitation = contract<{
  body: typeof AcceptInvitationRequest
  response: typeof SessionAnswerSchema
}>('POST', '/invitation/accept')

export const account = contract<{ response: typeof AccountAnswerSchema }>('GET', '/account')
export const confirmOptions = contract<{ response: Options }>('POST', '/confirm/options')
export const confirm = contract<{
  body: typeof SignInRequest
  response: typeof ConfirmedAnswer
}>('POST', '/confirm')
export const passkeyOptions = contract<{ response: Options }>('POST', '/account/passkeys/options')
export const addPasskey = contract<{
  body: typeof AddPasskeyRequest
  response: typeof PasskeyAddedAnswer
}>('POST', '/account/passkeys')
export const removePasskey = contract<{
  params: typeof StaffIdParams
  response: typeof PasskeyRemovedAnswer
}>('DELETE', '/account/passkeys/:id')

export const staffList = contract<{ response: typeof StaffListAnswerSchema }>('GET', '/staff')
export const invite = contract<{
  body: typeof InviteRequest
  response: typeof InvitationLinkAnswerSchema
}>('POST', '/staff')
export const newInvitationLink = contract<{
  params: typeof StaffIdParams
  response: typeof InvitationLinkAnswerSchema
}>('POST', '/staff/:id/link')
export const changeRole = contract<{
  params: typeof StaffIdParams
  body: typeof RoleRequest
  response: typeof StaffMemberAnswer
}>('PATCH', '/staff/:id')
export const removeMember = contract<{
  params: typeof StaffIdParams
  response: typeof OkAnswer
}>('DELETE', '/staff/:id')
export const auditLog = contract<{
  query: typeof AuditQuery
  response: typeof AuditAnswerSchema
}>('GET', '/audit')

/** The API document (OpenAPI 3.1) of every back-office route, for administrators. */
export const apiDocument = contract<{ response: typeof OpenApiAnswer }>('GET', '/openapi.json')
