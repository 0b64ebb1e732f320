/**
 * The contracts (common/api-contract.ts) of the back office's inbox of contact messages. Served
 * by server/contact/admin-routes.ts.
 */
import { contract } from './api-contract.ts'
import type {
  CSV_FILE,
  MessageDetailSchema,
  MessageListAnswerSchema,
} from './back-office-answers.ts'
import type {
  HandledRequest,
  MessageExportQuery,
  MessageIdParams,
  MessageListQuery,
  SpamRequest,
} from './back-office-schemas.ts'

type Message = typeof MessageDetailSchema

export const messages = contract<{
  query: typeof MessageListQuery
  response: typeof MessageListAnswerSchema
}>('GET', '/messages')
export const messagesExport = contract<{
  query: typeof MessageExportQuery
  response: typeof CSV_FILE
}>('GET', '/messages/export.csv')
export const message = contract<{ params: typeof MessageIdParams; response: Message }>(
  'GET',
  '/messages/:id',
)
export const markHandled = contract<{
  params: typeof MessageIdParams
  body: typeof HandledRequest
  response: Message
}>('POST', '/messages/:id/handled')
export const markSpam = contract<{
  params: typeof MessageIdParams
  body: typeof SpamRequest
  response: Message
}>('POST', '/messages/:id/spam')
export const sendAgain = contract<{ params: typeof MessageIdParams; response: Message }>(
  'POST',
  '/messages/:id/send-again',
)
