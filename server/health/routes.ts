import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/index.ts'

/** A load balancer gives up after a few seconds: answer well inside that, whatever the database does. */
export const HEALTH_TIMEOUT_MS = 1500

/** GET /api/health: ok only when the database answers a query within HEALTH_TIMEOUT_MS. */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get('/health', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await options.database.ping(HEALTH_TIMEOUT_MS)
      return { status: 'ok' }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer')
      return reply.code(503).send({ status: 'error', message: 'Database unavailable' })
    }
  })
}
