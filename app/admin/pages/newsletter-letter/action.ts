/**
 * A letter's writes, as the route's action (ADR 026): "Save" posts the words with the version
 * they were read at, "Send me a test", "Schedule", "Cancel the schedule" and the confirmed "Send
 * now" post their `intent`. React Router shows which one is pending and reads the letter again
 * afterwards (the loader), so the page shows the letter as the server has it. A refusal comes
 * back with the server's message, its per-field messages and its status (409: changed since).
 */
import type { ActionFunctionArgs } from 'react-router'
import * as newsletterApi from '#common/newsletter-contracts.ts'
import { ApiError, call, formText, refusal } from '#app/admin/api.ts'
import { zonedToIso } from '#app/admin/format.ts'

export type LetterIntent = 'save' | 'test' | 'schedule' | 'unschedule' | 'send'

export type LetterActionResult =
  | { ok: true; intent: LetterIntent; notice: string }
  | {
      ok: false
      intent: string
      message: string
      fields: Record<string, string>
      /** The server's status (409: someone changed the letter since it was read), 0 if unsent. */
      status: number
    }

/** What the page says when a time to send is missing or not a time. */
export const CHOOSE_A_TIME = 'Choose a day and a time to send it.'

const CHANGES: Record<LetterIntent, (id: string, form: FormData) => Promise<string>> = {
  async save(id, form) {
    await call(newsletterApi.editLetter, {
      params: { id },
      body: {
        subject: formText(form, 'subject'),
        preheader: formText(form, 'preheader'),
        body: formText(form, 'body'),
        version: Number(form.get('version')),
      },
    })
    return 'Saved.'
  },
  async test(id, form) {
    await call(newsletterApi.testLetter, { params: { id } })
    return `A test is on its way to ${formText(form, 'email')}.`
  },
  async schedule(id, form) {
    const sendAt = zonedToIso(formText(form, 'sendAt'))
    if (!sendAt) throw refusal('sendAt', CHOOSE_A_TIME)
    await call(newsletterApi.scheduleLetter, { params: { id }, body: { sendAt } })
    return 'Scheduled.'
  },
  async unschedule(id) {
    await call(newsletterApi.scheduleLetter, { params: { id }, body: { sendAt: null } })
    return 'Back to a draft: it will not be sent.'
  },
  async send(id, form) {
    await call(newsletterApi.sendLetter, {
      params: { id },
      body: { readers: Number(form.get('readers')) },
    })
    return 'Sending has started.'
  },
}

const isIntent = (value: string): value is LetterIntent => Object.hasOwn(CHANGES, value)

export async function letterAction({
  request,
  params,
}: Pick<ActionFunctionArgs, 'request' | 'params'>): Promise<LetterActionResult> {
  const form = await request.formData()
  const intent = String(form.get('intent'))
  if (!isIntent(intent)) {
    const message = 'That is not something a letter can do.'
    return { ok: false, intent, message, fields: {}, status: 0 }
  }
  try {
    return { ok: true, intent, notice: await CHANGES[intent](params['id'] ?? '', form) }
  } catch (caught) {
    const { fields, status } = caught instanceof ApiError ? caught : { fields: {}, status: 0 }
    return { ok: false, intent, message: (caught as Error).message, fields, status }
  }
}
