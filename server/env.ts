/**
 * The only module that reads process.env. Every setting is parsed once, at start-up, by one zod
 * schema; a bad value stops the process with a line that names the variable and what is wrong.
 */
import path from 'node:path'
import { z } from 'zod'

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535')

const positiveInt = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be greater than 0')

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

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://'], 'postgres:// or postgresql://'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD_DIR: z.string().trim().min(1, 'must not be empty').default('./build/client'),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
})

export type Env = z.infer<typeof envSchema>

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
      const shown = value === undefined ? '' : ` (got ${JSON.stringify(value)})`
      return `Invalid configuration: ${name} ${issue.message}${shown}`
    })
    throw new EnvError(lines.join('\n'))
  }
  return result.data
}

/** Absolute paths derived from the settings, resolved against the working directory. */
export function resolvePaths(env: Env) {
  return {
    dataDir: path.resolve(env.DATA_DIR),
    buildDir: path.resolve(env.BUILD_DIR),
  }
}
