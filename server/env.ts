/**
 * The only module that reads process.env. Every setting is parsed once, at start-up, by one zod
 * schema; a bad value stops the process with a line that names the variable and what is wrong.
 */
import path from 'node:path'
import { z } from 'zod'
import { STORE_PROVIDERS } from '#common/course.ts'
import { isEmailAddress } from '#common/contact.ts'

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
    SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
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
    // Contact form and newsletter (server/contact, server/newsletter, docs/contact.md).
    SMTP_URL: optionalUrl(['smtp://', 'smtps://'], 'smtp:// or smtps://'),
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
    MAIL_MAX_ATTEMPTS: positiveInt.max(100, 'must be at most 100').default(12),
    MAIL_RETRY_BASE_MS: positiveInt.default(60_000),
    MAIL_RETRY_MAX_MS: positiveInt.default(2 * 60 * 60_000),
    MAIL_POLL_MS: positiveInt.default(15_000),
    // Retention (README "Privacy and data"): spam after these many days; contact messages
    // after MESSAGE_RETENTION_DAYS when set, otherwise kept.
    SPAM_RETENTION_DAYS: positiveInt.max(3650, 'must be at most 3650 (ten years)').default(30),
    MESSAGE_RETENTION_DAYS: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      positiveInt.max(36_500, 'must be at most 36500 (a hundred years)').optional(),
    ),
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

export type Env = z.infer<typeof envSchema>

/** Mail needs a sender, and confirmation links need the site's public address. */
function requireMailSettings(
  env: {
    SMTP_URL?: string | undefined
    MAIL_FROM?: string | undefined
    PUBLIC_SITE_URL?: string | undefined
  },
  context: z.RefinementCtx,
) {
  if (!env.SMTP_URL) return
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
        'is required when SMTP_URL is set (the address newsletter confirmation links point to, e.g. https://docucommons.example.org)',
    })
  }
}

/** Thrown by parseEnv; its message is one line per bad variable. */
export class EnvError extends Error {
  override name = 'EnvError'
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment'
      const value = source[String(issue.path[0])]
      const shown = value === undefined ? '' : ` (got ${JSON.stringify(redact(value))})`
      return `Invalid configuration: ${name} ${issue.message}${shown}`
    })
    throw new EnvError(lines.join('\n'))
  }
  return result.data
}

/** Hides a password in a URL so an error message never prints a credential. */
function redact(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/i, '$1***@')
}

/** Absolute paths derived from the settings, resolved against the working directory. */
export function resolvePaths(env: Env) {
  return {
    dataDir: path.resolve(env.DATA_DIR),
    buildDir: path.resolve(env.BUILD_DIR),
  }
}
