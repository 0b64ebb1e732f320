/**
 * zod decides when a schema is made whether to compile a fast path with `new Function`; the
 * staff app's CSP (Trusted Types) refuses that, and Chromium logs a violation for each attempt.
 * zod keeps its settings on `globalThis.__zod_globalConfig` (so that copies of it share them):
 * setting `jitless` there before the editors' chunks load means none tries, without bringing any
 * of zod into the first chunk. The browser tests fail on any logged CSP violation.
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> }
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true }

export {}
