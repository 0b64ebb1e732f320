/**
 * Starts the server: reads the configuration, opens the database, listens, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish requests in flight, close the database).
 */
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.ts'
import { openDatabase } from '#server/db/index.ts'
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

  // SIGTERM/SIGINT, and an uncaught exception or unhandled rejection, close gracefully: stop
  // accepting, finish requests in flight, close the database; a second signal or the timeout
  // exits at once.
  const closer = closeWithGrace(
    { delay: env.SHUTDOWN_TIMEOUT_MS, logger: { error: (message) => app.log.error(message) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error: shutting down')
      else app.log.info({ signal }, 'shutting down: finishing requests in flight')
      await app.close()
      app.log.info('shutdown complete')
    },
  )
  app.addHook('onClose', async () => closer.uninstall())

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
