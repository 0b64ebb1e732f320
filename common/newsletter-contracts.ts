/**
 * The contracts (common/api-contract.ts) of the newsletter's back-office routes: subscribers and
 * letters. Served by server/newsletter/admin-routes.ts and letter-routes.ts.
 */
import { contract } from './api-contract.ts'
import type {
  CSV_FILE,
  OkAnswer,
  SubscriberAnswer,
  SubscriberListAnswerSchema,
} from './back-office-answers.ts'
import type { SubscriberIdParams, SubscriberListQuery } from './back-office-schemas.ts'
import type {
  LetterDetailSchema,
  LetterListAnswerSchema,
  LetterPreviewSchema,
  TestSentAnswer,
} from './newsletter-admin-answers.ts'
import type {
  LetterEdit,
  LetterIdParams,
  LetterSchedule,
  LetterSend,
  NewLetter,
} from './newsletter-admin.ts'

type Letter = typeof LetterDetailSchema
type Id = typeof LetterIdParams

export const subscribers = contract<{
  query: typeof SubscriberListQuery
  response: typeof SubscriberListAnswerSchema
}>('GET', '/subscribers')
export const subscribersExport = contract<{ response: typeof CSV_FILE }>(
  'GET',
  '/subscribers/export.csv',
)
export const unsubscribe = contract<{
  params: typeof SubscriberIdParams
  response: typeof SubscriberAnswer
}>('POST', '/subscribers/:id/unsubscribe')

export const letters = contract<{ response: typeof LetterListAnswerSchema }>('GET', '/letters')
export const createLetter = contract<{ body: typeof NewLetter; response: Letter }>(
  'POST',
  '/letters',
)
export const letter = contract<{ params: Id; response: Letter }>('GET', '/letters/:id')
export const editLetter = contract<{ params: Id; body: typeof LetterEdit; response: Letter }>(
  'PATCH',
  '/letters/:id',
)
export const deleteLetter = contract<{ params: Id; response: typeof OkAnswer }>(
  'DELETE',
  '/letters/:id',
)
export const letterPreview = contract<{ params: Id; response: typeof LetterPreviewSchema }>(
  'GET',
  '/letters/:id/preview',
)
export const testLetter = contract<{ params: Id; response: typeof TestSentAnswer }>(
  'POST',
  '/letters/:id/test',
)
export const sendLetter = contract<{ params: Id; body: typeof LetterSend; response: Letter }>(
  'POST',
  '/letters/:id/send',
)
export const scheduleLetter = contract<{
  params: Id
  body: typeof LetterSchedule
  response: Letter
}>('POST', '/letters/:id/schedule')
