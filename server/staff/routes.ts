/**
 * The staff part of the back office's API (under /admin/api) and its pages: signing in and out
 * and invitations (sign-in-routes.ts), one's own account and "confirm it's you"
 * (account-routes.ts), the administrators' staff list and the audit log (staff-routes.ts). They
 * go into the same route table as every feature's back-office routes (server/back-office/table.ts).
 */
import { registerAccountRoutes } from './account-routes.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import type { StaffRoutesOptions } from './route-helpers.ts'
import { ADMIN_ONLY, SIGNED_IN } from '#server/back-office/roles.ts'
import { registerSignInRoutes } from './sign-in-routes.ts'
import { registerStaffListRoutes } from './staff-routes.ts'

export { sessionTimes, type StaffRoutesOptions } from './route-helpers.ts'

export function registerStaffRoutes(backOffice: BackOffice, options: StaffRoutesOptions) {
  backOffice.page({ path: '/', access: SIGNED_IN, label: 'Overview', order: 0 })
  backOffice.page({ path: '/sign-in', access: 'anyone' })
  backOffice.page({ path: '/welcome', access: 'anyone' })
  backOffice.page({ path: '/staff', access: ADMIN_ONLY, label: 'Staff', order: 70 })
  backOffice.page({ path: '/audit', access: ADMIN_ONLY, label: 'Audit log', order: 80 })
  backOffice.page({ path: '/account', access: SIGNED_IN, label: 'Your account', order: 90 })

  registerSignInRoutes(backOffice, options)
  registerAccountRoutes(backOffice, options)
  registerStaffListRoutes(backOffice, options)
}
