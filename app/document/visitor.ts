/**
 * Visitor state (docs/requirements.md#visitors): the presence of the authorizedDocu cookie marks a member. The
 * prerendered HTML is the same for everyone; the boot script runs this in <head> before the
 * first paint and sets <html data-visitor>, which CSS reads to show either the member or the
 * anonymous variant. `data-js` says scripts run (CSS shows the `.js-only` controls).
 */
export const AUTH_COOKIE = 'authorizedDocu'

export function markVisitor(document: { documentElement: HTMLElement; cookie: string }): void {
  const root = document.documentElement
  root.dataset.js = ''
  const member = document.cookie.split(';').some((c) => c.trim().split('=')[0] === AUTH_COOKIE)
  root.dataset.visitor = member ? 'member' : 'anonymous'
}
