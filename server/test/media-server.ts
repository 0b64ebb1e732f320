/**
 * `node server/test/media-server.ts`: the production server (server/index.ts) with the media
 * library switched on behind the tests' guard (a staff id in a header) at /api/media, for tests
 * that start several real processes on one database; and, as `npm start` has it, in the back
 * office at /admin/api/media.
 */
import { start } from '#server/index.ts'
import { testMediaAccess } from './media.ts'

start(undefined, { media: { library: testMediaAccess().options, backOffice: true } }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
