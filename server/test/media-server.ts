/**
 * `node server/test/media-server.ts`: the production server (server/index.ts) with the media
 * library switched on behind the tests' guard (a staff id in a header), for tests that start
 * several real processes on one database.
 */
import { start } from '#server/index.ts'
import { testMediaAccess } from './media.ts'

start(undefined, { media: { library: testMediaAccess().options } }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
