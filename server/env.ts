/**
 * The only module that reads process.env. Every setting is parsed once, at start-up, by one zod
 * schema; a bad value stops the process with a line that names the variable and what is wrong.
 */
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { STORE_PROVIDERS } from '#common/course-schemas.ts'
import { isEmailAddress } from '#common/validation.ts'
import { smtpTls } from '#server/mail/smtp-tls.ts'

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535')

const positiveInt = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be greater than 0')

const nonNegativeInt = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')

const optionalUrl = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must be a URL starting with ${hint}`,
    })
    .refine((v) => v === undefined || URL.canParse(v), { message: 'must be a valid URL' })

// "name@example.org" or "Name <name@example.org>": the sender of the site's mail.
const mailbox = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || isEmailAddress(/^[^<>\r\n]*<([^<>]+)>$/.exec(v)?.[1] ?? v), {
    message: 'must be an e-mail address, optionally with a name: "DocuCommons <web@example.org>"',
  })

// A comma-separated list of addresses; empty means none.
const addressList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every(isEmailAddress), {
    message: 'must be e-mail addresses separated by commas',
  })

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1')

// proxy-addr's names for address ranges, which Fastify's trustProxy understands too.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = net.isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128)
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none (false), the number of
 * proxies in front of the server (hops), or their addresses. A bare "true" would take the
 * left-most entry, which the client writes itself, so it is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          'must not be true: that trusts an X-Forwarded-For header any client can write. Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)',
      })
      return z.NEVER
    }
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const bad = entries.find((entry) => !isAddressOrRange(entry))
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `must be a number of proxies (e.g. 1) or proxy addresses and CIDR ranges separated by commas (e.g. 127.0.0.1,10.0.0.0/8); "${bad}" is neither`,
      })
      return z.NEVER
    }
    return entries
  })

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: port.default(3000),
    HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
    DATABASE_URL: optionalUrl(['postgres://', 'postgresql://'], 'postgres:// or postgresql://'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    BUILD_DIR: z.string().trim().min(1, 'must not be empty').default('./build/client'),
    // Imported into an empty database at start (server/content/first-start.ts).
    CONTENT_DIR: z.string().trim().min(1, 'must not be empty').default('./content'),
    SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
    TRUST_PROXY: trustProxy,
    // Slow clients (docs/decisions/007-production.md): the whole header block within
    // HEADERS_TIMEOUT_MS, the whole request within REQUEST_TIMEOUT_MS; an idle keep-alive
    // connection is closed after KEEP_ALIVE_TIMEOUT_MS (longer than nginx's 60 s upstream
    // keep-alive, so the proxy, not the server, closes an idle upstream connection first).
    HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
    REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
    KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(65_000),
    // PostgreSQL (server/db): how long opening a connection and one statement may take.
    DATABASE_CONNECT_TIMEOUT_MS: positiveInt.default(3000),
    DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.default(10_000),
    // Strict-Transport-Security: also for every subdomain (only when they all serve HTTPS).
    HSTS_INCLUDE_SUBDOMAINS: booleanFlag.default(true),
    // Course catalogue (server/catalogue, docs/catalogue.md).
    STORE_PROVIDER: z
      .enum(STORE_PROVIDERS, { error: `must be one of ${STORE_PROVIDERS.join(', ')}` })
      .default('sample'),
    STORE_URL: optionalUrl(['http://', 'https://'], 'http:// or https://'),
    STORE_TIMEOUT_MS: positiveInt.max(120_000, 'must be at most 120000').default(10_000),
    REFRESH_COOLDOWN_SECONDS: nonNegativeInt
      .max(86_400, 'must be at most 86400 (one day)')
      .default(60),
    REFRESH_RATE_LIMIT_MAX: positiveInt.default(10),
    REFRESH_RATE_LIMIT_WINDOW_SECONDS: positiveInt
      .max(86_400, 'must be at most 86400 (one day)')
      .default(60),
    // Site search (server/search, docs/search.md): the dialog asks as the visitor types.
    SEARCH_RATE_LIMIT_MAX: positiveInt.default(120),
    SEARCH_RATE_LIMIT_WINDOW_SECONDS: positiveInt
      .max(86_400, 'must be at most 86400 (one day)')
      .default(60),
    // Contact form and newsletter (server/contact, server/newsletter, docs/forms-and-mail.md).
    SMTP_URL: optionalUrl(['smtp://', 'smtps://'], 'smtp:// or smtps://'),
    // smtp:// to another machine requires STARTTLS unless this says otherwise (smtp-tls.ts).
    SMTP_SEND_ADMIN_LINKS_UNENCRYPTED: booleanFlag.default(false),
    MAIL_FROM: mailbox,
    CONTACT_NOTIFY_TO: addressList,
    PUBLIC_SITE_URL: optionalUrl(['http://', 'https://'], 'http:// or https://'),
    FORM_RATE_LIMIT_MAX: positiveInt.default(5),
    FORM_RATE_LIMIT_WINDOW_SECONDS: positiveInt
      .max(86_400, 'must be at most 86400 (one day)')
      .default(600),
    FORM_MIN_FILL_MS: nonNegativeInt.max(600_000, 'must be at most 600000').default(3000),
    NEWSLETTER_CONFIRM_TTL_HOURS: positiveInt
      .max(24 * 30, 'must be at most 720 (30 days)')
      .default(48),
    // Letters to readers (server/newsletter, docs/newsletter.md): the organisation's postal
    // address that every letter ends with (CAN-SPAM; sending is refused without it) and how many
    // letters leave a minute, counted across every server process (providers' limits).
    NEWSLETTER_POSTAL_ADDRESS: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().max(300, 'must be at most 300 characters').optional(),
    ),
    NEWSLETTER_PER_MINUTE: positiveInt.max(100_000, 'must be at most 100000').default(600),
    MAIL_MAX_ATTEMPTS: positiveInt.max(100, 'must be at most 100').default(12),
    MAIL_RETRY_BASE_MS: positiveInt.default(60_000),
    MAIL_RETRY_MAX_MS: positiveInt.default(2 * 60 * 60_000),
    MAIL_POLL_MS: positiveInt.default(15_000),
    // Retention (docs/privacy.md): spam after these many days; contact messages
    // after MESSAGE_RETENTION_DAYS when set, otherwise kept.
    SPAM_RETENTION_DAYS: positiveInt.max(3650, 'must be at most 3650 (ten years)').default(30),
    // Uploaded media (server/media, docs/media.md): the most used files are kept in memory, up
    // to this many megabytes per process (0: none; each file is read from the database or
    // DATA_DIR every time).
    MEDIA_CACHE_MB: nonNegativeInt.max(65_536, 'must be at most 65536 (64 GB)').default(64),
    // Pages (server/site/page-set.ts, docs/rendering.md): rendered when first asked for, and the
    // most recently used kept in memory, bodies and compressed forms, up to this many megabytes
    // per process; the rest render again when asked for.
    PAGE_CACHE_MB: positiveInt.max(65_536, 'must be at most 65536 (64 GB)').default(64),
    MESSAGE_RETENTION_DAYS: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      positiveInt.max(36_500, 'must be at most 36500 (a hundred years)').optional(),
    ),
    // The back office (server/staff, docs/back-office.md): where staff open it, and their sessions.
    ADMIN_ORIGIN: optionalUrl(['http://', 'https://'], 'http:// or https://').refine(
      (v) => v === undefined || new URL(v).origin === v.replace(/\/+$/, ''),
      { message: 'must be an origin only (scheme, host and port), e.g. https://www.example.org' },
    ),
    STAFF_SESSION_IDLE_HOURS: positiveInt.max(24 * 30, 'must be at most 720 (30 days)').default(8),
    STAFF_SESSION_MAX_DAYS: positiveInt.max(365, 'must be at most 365').default(7),
    STAFF_SIGN_IN_RATE_LIMIT_MAX: positiveInt.default(10),
    STAFF_SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: positiveInt
      .max(86_400, 'must be at most 86400 (one day)')
      .default(600),
  })
  .superRefine((env, context) => {
    if (env.STORE_PROVIDER !== 'sample' && !env.STORE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['STORE_URL'],
        message: `is required when STORE_PROVIDER is ${env.STORE_PROVIDER} (the store's address, e.g. https://shop.example.com)`,
      })
    }
  })
  .superRefine(requireMailSettings)
  .superRefine((env, context) => {
    if (env.STAFF_SESSION_IDLE_HOURS > env.STAFF_SESSION_MAX_DAYS * 24) {
      context.addIssue({
        code: 'custom',
        path: ['STAFF_SESSION_IDLE_HOURS'],
        message: `must not be longer than STAFF_SESSION_MAX_DAYS (${env.STAFF_SESSION_MAX_DAYS} days)`,
      })
    }
  })
  .superRefine((env, context) => {
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      context.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: `must not be longer than REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})`,
      })
    }
  })

export type Env = z.infer<typeof envSchema>

/**
 * Mail needs a sender, and confirmation links need the site's public address: set, or taken
 * from the build (parseEnv's `built`).
 */
function requireMailSettings(
  env: {
    SMTP_URL?: string | undefined
    SMTP_SEND_ADMIN_LINKS_UNENCRYPTED?: boolean
    MAIL_FROM?: string | undefined
    PUBLIC_SITE_URL?: string | undefined
  },
  context: z.RefinementCtx,
) {
  if (!env.SMTP_URL) return
  const tls = smtpTls(env.SMTP_URL, env.SMTP_SEND_ADMIN_LINKS_UNENCRYPTED ?? false)
  if (tls.problem) context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: tls.problem })
  if (!env.MAIL_FROM) {
    context.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message: "is required when SMTP_URL is set (the sender of the site's mail)",
    })
  }
  if (!env.PUBLIC_SITE_URL) {
    context.addIssue({
      code: 'custom',
      path: ['PUBLIC_SITE_URL'],
      message:
        'is required when SMTP_URL is set (the address newsletter confirmation links point to, e.g. https://docucommons.example.org); the site build has none to give (its site-config.json is missing), so set it, or build with npm run build',
    })
  }
}

/** Thrown by parseEnv; its message is one line per bad variable. */
export class EnvError extends Error {
  override name = 'EnvError'
}

/**
 * Parses the settings. `built` are the PUBLIC_* settings the site build was made with (its
 * site-config.json): a PUBLIC_* setting the server reads itself (PUBLIC_SITE_URL, for mail
 * links) and the environment leaves unset takes the built value, like every other public
 * setting; one that is set must equal the build (index.ts refuses a contradiction).
 */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  built: Record<string, string> = {},
): Env {
  const fromBuild = Object.fromEntries(
    Object.entries(built).filter(
      ([name]) => name in envSchema.shape && (source[name] ?? '').trim() === '',
    ),
  )
  return parsedOrThrow(envSchema.safeParse({ ...source, ...fromBuild }), source)
}

const databaseSchema = z.object({
  DATA_DIR: envSchema.shape.DATA_DIR,
  DATABASE_URL: envSchema.shape.DATABASE_URL,
})

/**
 * Where the database is (DATA_DIR, DATABASE_URL), for the operator commands (npm run messages,
 * subscribers, forget), which need no other setting, and so no site build to complete them.
 */
export function databaseSettings(
  source: Record<string, string | undefined> = process.env,
): z.infer<typeof databaseSchema> {
  return parsedOrThrow(databaseSchema.safeParse(source), source)
}

function parsedOrThrow<T>(
  result: { success: true; data: T } | { success: false; error: z.ZodError },
  source: Record<string, string | undefined>,
): T {
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'environment'
    const value = source[String(issue.path[0])]
    const shown = value === undefined ? '' : ` (got ${JSON.stringify(redact(value))})`
    return `Invalid configuration: ${name} ${issue.message}${shown}`
  })
  throw new EnvError(lines.join('\n'))
}

/** Hides a password in a URL so an error message never prints a credential. */
function redact(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/i, '$1***@')
}

/**
 * The PUBLIC_* variables that are set (and not empty): the server checks them against the
 * settings the site was built with. An unset variable is left out, so it never contradicts.
 */
export function publicSettings(
  source: Record<string, string | undefined> = process.env,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith('PUBLIC_') && (entry[1] ?? '').trim() !== '',
    ),
  )
}

/**
 * BUILD_DIR as an absolute path, read before the other settings: the build's own settings
 * complete them (parseEnv's `built`).
 */
export function buildDirOf(source: Record<string, string | undefined> = process.env): string {
  const parsed = envSchema.shape.BUILD_DIR.safeParse(source.BUILD_DIR)
  if (!parsed.success)
    throw new EnvError(`Invalid configuration: BUILD_DIR ${parsed.error.issues[0]?.message}`)
  return path.resolve(parsed.data)
}

/** Absolute paths derived from the settings, resolved against the working directory. */
export function resolvePaths(env: Pick<Env, 'DATA_DIR' | 'BUILD_DIR' | 'CONTENT_DIR'>) {
  return {
    dataDir: path.resolve(env.DATA_DIR),
    buildDir: path.resolve(env.BUILD_DIR),
    contentDir: path.resolve(env.CONTENT_DIR),
  }
}
