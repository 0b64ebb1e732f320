/**
 * Staff roles (common/back-office.ts): an administrator runs the organisation's side of the site
 * (staff, messages, subscribers, erasure, audit log); an editor publishes content. Each
 * back-office route names who may call it (table.ts), and one table test walks them all.
 */
import { ROLES, type Role } from '#common/back-office.ts'

export { ROLES, type Role }

/** Who may call a route: some roles, or anyone (signing in, accepting an invitation). */
export type Access = readonly Role[] | 'anyone'

export const SIGNED_IN: readonly Role[] = ROLES
export const ADMIN_ONLY: readonly Role[] = ['admin']

export function allows(access: Access, role: Role | undefined): boolean {
  if (access === 'anyone') return true
  return role !== undefined && access.includes(role)
}
