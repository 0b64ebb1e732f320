/**
 * Visitor state (SPEC section 4): the presence of the authorizedDocu cookie marks a member. The
 * prerendered HTML is the same for everyone; this script runs in <head> before first paint and
 * sets <html data-visitor>, which CSS reads to show either the member or the anonymous variant.
 */
export const AUTH_COOKIE = 'authorizedDocu'

export const visitorScript = `document.documentElement.dataset.js='';document.documentElement.dataset.visitor=document.cookie.split(';').some(function(c){return c.trim().split('=')[0]===${JSON.stringify(AUTH_COOKIE)}})?'member':'anonymous'`
