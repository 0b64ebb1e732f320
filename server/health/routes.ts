import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/index.ts'

/** GET /api/health: ok only when the database answers a query. */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get('/health', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await options.database.ping()
      return { status: 'ok' }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer')
      return reply.code(503).send({ status: 'error', message: 'Database unavailable' })
    }
  })
}
