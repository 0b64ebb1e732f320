/**
 * Starts the server: reads the configuration, opens the database, listens, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish requests in flight, close the database).
 */
import { buildApp } from './app.ts'
import { openDatabase } from './db/index.ts'
import { EnvError, parseEnv, resolvePaths } from './env.ts'

export async function start(source?: Record<string, string | undefined>) {
  let env
  try {
    env = parseEnv(source)
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const { dataDir, buildDir } = resolvePaths(env)
  const database = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL })
  const app = await buildApp({ env, database, buildDir })
  app.addHook('onClose', async () => {
    await database.close()
  })

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, env.SHUTDOWN_TIMEOUT_MS)
    timer.unref()
    app.close().then(
      () => {
        app.log.info('shutdown complete')
        process.exit(0)
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ port: env.PORT, host: env.HOST })
  app.log.info({ database: database.dialect, location: database.location }, 'database ready')
  return app
}

if (import.meta.main) {
  start().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
