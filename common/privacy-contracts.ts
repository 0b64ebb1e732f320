/**
 * The contracts (common/api-contract.ts) of erasing a person's data from the back office. Served
 * by server/privacy/admin-routes.ts.
 */
import { contract } from './api-contract.ts'
import type {
  ErasureAnswerSchema,
  ErasureKindsAnswerSchema,
  ErasurePreviewAnswerSchema,
} from './back-office-answers.ts'
import type { EraseRequest, ErasureRequest } from './back-office-schemas.ts'

export const erasureKinds = contract<{ response: typeof ErasureKindsAnswerSchema }>(
  'GET',
  '/erasure',
)
export const erasurePreview = contract<{
  body: typeof ErasureRequest
  response: typeof ErasurePreviewAnswerSchema
}>('POST', '/erasure/preview')
export const erase = contract<{
  body: typeof EraseRequest
  response: typeof ErasureAnswerSchema
}>('POST', '/erasure')
