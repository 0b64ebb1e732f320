/**
 * The Staff page's writes, as the route's action (ADR 026): "Invite" posts the form, "New link"
 * and the confirmed role change and removal post a member's id with their `intent`. React Router
 * shows which one is pending and reads the list again afterwards (the loader), so the page shows
 * the staff as the server has them. A refusal comes back with the server's message and its
 * per-field messages, to show next to the fields.
 */
import type { ActionFunctionArgs } from 'react-router'
import {
  CHOOSE_A_ROLE,
  ROLE_LABELS,
  ROLES,
  type InvitationLinkAnswer,
  type Role,
} from '#common/back-office.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { ApiError, call, formText, refusal } from '#app/admin/api.ts'

export type StaffIntent = 'invite' | 'new-link' | 'role' | 'remove'

export type StaffActionResult =
  | {
      ok: true
      intent: StaffIntent
      /** What to tell the person. */
      notice: string
      /** The one-time link an invitation or a new link made. */
      link?: InvitationLinkAnswer
    }
  | { ok: false; intent: string; message: string; fields: Record<string, string> }

const isRole = (value: unknown): value is Role => ROLES.some((role) => role === value)

const CHANGES: Record<StaffIntent, (form: FormData) => Promise<StaffActionResult>> = {
  async invite(form) {
    const role = form.get('role')
    if (!isRole(role)) throw refusal('role', CHOOSE_A_ROLE)
    const name = formText(form, 'name').trim()
    const answer = await call(staffApi.invite, {
      body: { email: formText(form, 'email').trim(), role, ...(name ? { name } : {}) },
    })
    const mailed = answer.mailed ? ' and the link was e-mailed' : ''
    return {
      ok: true,
      intent: 'invite',
      notice: `${answer.member.email} is invited${mailed}.`,
      link: answer,
    }
  },
  async 'new-link'(form) {
    const answer = await call(staffApi.newInvitationLink, { params: { id: formText(form, 'id') } })
    return {
      ok: true,
      intent: 'new-link',
      notice: `A new link for ${answer.member.email} is ready.`,
      link: answer,
    }
  },
  async role(form) {
    const role = form.get('role')
    if (!isRole(role)) throw refusal('role', CHOOSE_A_ROLE)
    const member = await call(staffApi.changeRole, {
      params: { id: formText(form, 'id') },
      body: { role },
    })
    return {
      ok: true,
      intent: 'role',
      notice: `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}.`,
    }
  },
  async remove(form) {
    await call(staffApi.removeMember, { params: { id: formText(form, 'id') } })
    return {
      ok: true,
      intent: 'remove',
      notice: `${formText(form, 'email')} was removed; their sessions have ended.`,
    }
  },
}

const isIntent = (value: string): value is StaffIntent => Object.hasOwn(CHANGES, value)

export async function staffAction({
  request,
}: Pick<ActionFunctionArgs, 'request'>): Promise<StaffActionResult> {
  const form = await request.formData()
  const intent = String(form.get('intent'))
  if (!isIntent(intent))
    return { ok: false, intent, message: 'That is not something the Staff page does.', fields: {} }
  try {
    return await CHANGES[intent](form)
  } catch (caught) {
    const fields = caught instanceof ApiError ? caught.fields : {}
    return { ok: false, intent, message: (caught as Error).message, fields }
  }
}
