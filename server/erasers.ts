/**
 * Every feature's eraser of a person's data, run together by the back office's "Forget a
 * person" (server/app.ts) and `npm run forget` (server/privacy/erasure.ts runs them). A feature
 * that stores visitors' data by address adds its eraser here. A module of its own so that the
 * command loads the erasers, not the whole server.
 */
import { contactEraser } from '#server/contact/export.ts'
import { newsletterEraser } from '#server/newsletter/export.ts'
import type { PersonalDataEraser } from '#server/privacy/erasure.ts'

export const personalDataErasers: readonly PersonalDataEraser[] = [contactEraser, newsletterEraser]
