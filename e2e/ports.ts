/**
 * The ports of an end-to-end run, from the environment so that parallel runs on one machine do
 * not collide: the site's server (E2E_PORT) and the loopback SMTP server that
 * e2e/consent.spec.ts starts and the site's server mails to (E2E_SMTP_PORT, default E2E_PORT + 1).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173)
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1)
