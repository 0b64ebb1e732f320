/**
 * `npm run serve`: serves an existing build (it never builds; `npm start` does that first when
 * needed) and the API. Reads the configuration, checks it against the settings the site was
 * built with, opens the database, listens, and shuts down gracefully on SIGTERM/SIGINT (stop
 * accepting, finish requests in flight, close the database). Imports only `dependencies`, so it
 * runs after `npm ci --omit=dev`.
 */
import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from './app.ts'
import { importContentOnFirstStart } from '#server/content/first-start.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { createLiveSite } from '#server/content/live-site.ts'
import { archivedLetters } from '#server/newsletter/letters.ts'
import { openDatabase } from '#server/db/index.ts'
import { openSiteBuild, type SiteBuild } from '#server/site/site-build.ts'
import { contradiction } from '#server/site/site-config.ts'
import { buildDirOf, EnvError, parseEnv, publicSettings, resolvePaths } from './env.ts'

/** Prints one line and exits: a configuration problem is not a crash and needs no stack trace. */
function refuse(message: string): never {
  console.error(message)
  process.exit(1)
}

/**
 * `extra`: what the composition root adds to the app beyond configuration. By default uploaded
 * media are on: served at /media/u/, with the library in the back office (/admin/api/media,
 * behind staff's session, role check and audit log); tests start real processes with their own.
 */
export async function start(
  source?: Record<string, string | undefined>,
  extra: Pick<AppOptions, 'media'> = { media: { backOffice: true } },
) {
  // The build comes first: the public settings it was made with complete the environment
  // (PUBLIC_SITE_URL for the links in mails), as they do for the pages.
  let build: SiteBuild
  let env
  try {
    build = openSiteBuild(buildDirOf(source))
  } catch (error) {
    refuse((error as Error).message)
  }
  try {
    env = parseEnv(source, build.settings)
  } catch (error) {
    build.close()
    if (error instanceof EnvError) refuse(error.message)
    throw error
  }
  build.pages.bound(env.PAGE_CACHE_MB * 1024 * 1024)
  const { dataDir, contentDir } = resolvePaths(env)
  const conflict =
    build.settings && contradiction(build.settings, publicSettings(source), env.BUILD_DIR)
  if (conflict) {
    build.close()
    refuse(conflict)
  }

  // The pool reports errors before the app (and its logger) exists, e.g. during migrations.
  const logTo: { app?: FastifyInstance } = {}
  const database = await openDatabase({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    log: {
      warn: (object, message) =>
        logTo.app ? logTo.app.log.warn(object, message) : console.error(message, object),
    },
  })
  // What is said before the app's logger exists is said once it does (an error at once).
  const early: (() => void)[] = []
  const say =
    (level: 'info' | 'warn') =>
    (object: object, message: string): void => {
      if (logTo.app) logTo.app.log[level](object, message)
      else early.push(() => logTo.app?.log[level](object, message))
    }
  // Publishing: this process's pages follow what the database publishes (rendered in a worker).
  const live = createLiveSite({
    database,
    build,
    // The newsletter's archive is pages of the site too (ADR 024).
    letters: () => archivedLetters(database.db),
    log: {
      info: say('info'),
      warn: say('warn'),
      error: (object, message) =>
        logTo.app ? logTo.app.log.error(object, message) : console.error(message, object),
    },
  })
  // A database that has content already: the worker loads it while the app is built (the two
  // longest parts of a start, on two threads). A new one gets content/ first (below).
  const loading =
    (await createContentRepository(database).contentVersion()) > 0 ? live.start() : undefined
  loading?.catch(() => {})
  // Uploaded media are always served (/media/u/: the podcast's audio and artwork are there).
  const running = await buildApp({
    env,
    database,
    build,
    contentSite: live,
    renderSearchPage: live.renderOnRequest,
    // "Send this episode to readers" waits until this process serves the episode's page: the
    // publish's content version loaded (looked for now) and the page rendered.
    announce: {
      async pageLive(path) {
        await live.changed()
        return (await build.pages.load(path)) !== undefined
      },
    },
    ...extra,
    media: extra.media ?? {},
  })
  logTo.app = running
  for (const line of early.splice(0)) line()
  running.addHook('onClose', async () => {
    await live.close()
    await database.close()
    build.close()
  })

  // A new database gets the repository's content/ as its first version (content that does not
  // pass its schemas stops the start with the file and field to fix).
  try {
    await importContentOnFirstStart({
      database,
      contentDir,
      log: running.log,
      library: running.mediaLibrary!,
    })
  } catch (error) {
    await running.close()
    refuse((error as Error).message)
  }
  // The pages show what the database publishes before the first visitor asks: equal to the
  // build's content, its pages are served; otherwise they render when first asked for.
  await (loading ?? live.start())

  // SIGTERM/SIGINT, and an uncaught exception or unhandled rejection, close gracefully: stop
  // accepting, finish requests in flight, close the database; a second signal or the timeout
  // exits at once.
  const closer = closeWithGrace(
    { delay: env.SHUTDOWN_TIMEOUT_MS, logger: { error: (message) => running.log.error(message) } },
    async ({ signal, err }) => {
      if (err) running.log.error({ err }, 'uncaught error: shutting down')
      else running.log.info({ signal }, 'shutting down: finishing requests in flight')
      await running.close()
      running.log.info('shutdown complete')
    },
  )
  running.addHook('onClose', async () => closer.uninstall())

  await running.listen({ port: env.PORT, host: env.HOST })
  running.log.info({ database: database.dialect, location: database.location }, 'database ready')
  if (build.settings) {
    running.log.info(
      { release: build.release, root: build.root, settings: build.settings },
      'site build settings',
    )
  } else {
    running.log.warn(
      { root: build.root },
      'the site build has no site-config.json (not made by npm run build): its PUBLIC_* settings cannot be checked',
    )
  }
  return running
}

if (import.meta.main) {
  start().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
