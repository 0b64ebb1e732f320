/**
 * "Forget a person" as the route's action (ADR 026): "Find their data" posts the address (in the
 * body, never in an address bar or a log), the confirmed erasure posts it with the address typed
 * again. A refusal comes back with the words for the field it is about: the address when finding,
 * the confirmation when erasing.
 */
import type { ActionFunctionArgs } from 'react-router'
import type { ErasureAnswer, ErasurePreviewAnswer } from '#common/back-office.ts'
import * as privacyApi from '#common/privacy-contracts.ts'
import { ApiError, call, formText } from '#app/admin/api.ts'

export type ForgetActionResult =
  | { ok: true; intent: 'find'; preview: ErasurePreviewAnswer }
  | { ok: true; intent: 'erase'; erased: ErasureAnswer }
  | { ok: false; intent: string; message: string }

export async function forgetAction({
  request,
}: Pick<ActionFunctionArgs, 'request'>): Promise<ForgetActionResult> {
  const form = await request.formData()
  const intent = String(form.get('intent'))
  const email = formText(form, 'email').trim()
  try {
    if (intent === 'find')
      return {
        ok: true,
        intent,
        preview: await call(privacyApi.erasurePreview, { body: { email } }),
      }
    if (intent === 'erase') {
      const body = { email, confirm: formText(form, 'confirm') }
      return { ok: true, intent, erased: await call(privacyApi.erase, { body }) }
    }
    return { ok: false, intent, message: 'That is not something this page does.' }
  } catch (caught) {
    const field = intent === 'erase' ? 'confirm' : 'email'
    const message =
      caught instanceof ApiError
        ? (caught.fields[field] ?? caught.message)
        : (caught as Error).message
    return { ok: false, intent, message }
  }
}
