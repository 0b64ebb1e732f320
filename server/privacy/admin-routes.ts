/**
 * The back office's "Forget a person" (administrators): a preview of what erasing an address
 * would delete, then the erasure itself, every registered eraser in one transaction with its
 * audit entry. The entry holds the number of records and the address's hash, never the address.
 */
import * as privacyApi from '#common/privacy-contracts.ts'
import {
  ErasureAnswerSchema,
  ErasureKindsAnswerSchema,
  ErasurePreviewAnswerSchema,
} from '#common/back-office-answers.ts'
import { ErasureRequest, EraseRequest } from '#common/back-office-schemas.ts'
import type {
  ErasureAnswer,
  ErasureKindsAnswer,
  ErasurePreviewAnswer,
} from '#common/back-office.ts'
import type { Database } from '#server/db/index.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import { ADMIN_ONLY } from '#server/back-office/roles.ts'
import { erasePerson, erasureEntry, previewErasure, type PersonalDataEraser } from './erasure.ts'

export function erasureAdminRoutes(
  backOffice: BackOffice,
  { database, erasers }: { database: Database; erasers: readonly PersonalDataEraser[] },
) {
  const db = database.db
  backOffice.page({ path: '/forget', access: ADMIN_ONLY, label: 'Forget a person', order: 30 })

  backOffice.route(ADMIN_ONLY, privacyApi.erasureKinds, {
    response: ErasureKindsAnswerSchema,
    async handler() {
      return { kinds: erasers.map((eraser) => eraser.label) } satisfies ErasureKindsAnswer
    },
  })

  backOffice.route(ADMIN_ONLY, privacyApi.erasurePreview, {
    response: ErasurePreviewAnswerSchema,
    body: ErasureRequest,
    async handler({ body }) {
      const preview = await previewErasure(db, erasers, body.email)
      return {
        email: body.email,
        groups: preview.groups.map(({ label, records }) => ({ label, records })),
        total: preview.total,
      } satisfies ErasurePreviewAnswer
    },
  })

  backOffice.route(ADMIN_ONLY, privacyApi.erase, {
    response: ErasureAnswerSchema,
    body: EraseRequest,
    async handler({ body, staff, audit }) {
      const erased = await erasePerson(db, erasers, body.email, (trx, done) =>
        audit(erasureEntry(body.email, done, staff.email), trx),
      )
      return {
        email: body.email,
        groups: erased.groups.map(({ label, records }) => ({ label, records })),
        total: erased.total,
      } satisfies ErasureAnswer
    },
  })
}
