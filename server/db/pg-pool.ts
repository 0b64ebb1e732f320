/**
 * The pool of PostgreSQL connections the app's queries go through. A connection goes back to
 * the pool for the next query only when its state is known: one on which a query timed out on
 * the client's side (pg's query_timeout, a frozen server or a lost packet) still has that query
 * outstanding, and the server may yet run it. When that query was a transaction's BEGIN, Kysely
 * sends no ROLLBACK (the transaction never began as far as it knows), the server runs the BEGIN
 * after it wakes, and every later query on the connection would run inside a transaction that
 * nobody commits: writes answered as stored, visible to no one, and lost when the connection
 * closes, with table locks held meanwhile. Such a connection is closed instead.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely'
import type pg from 'pg'

/** pg's error when query_timeout passes before the server answers (the query may still run). */
const CLIENT_TIMEOUT = /^Query read timeout$/

/** Whether a failed query leaves its connection in a state nobody knows. */
function leavesStateUnknown(error: unknown): boolean {
  return error instanceof Error && CLIENT_TIMEOUT.test(error.message)
}

/** `pool` for Kysely's PostgresDialect: connections whose state is unknown are not reused. */
export function poolOfKnownConnections(pool: pg.Pool): PostgresPool {
  const unknownState = new WeakSet<pg.PoolClient>()
  // Kysely keeps its own wrapper per client object: hand it the same object each time.
  const handed = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  const hand = (client: pg.PoolClient): PostgresPoolClient => ({
    get processID() {
      return (client as unknown as { processID?: number }).processID
    },
    query: ((...args: Parameters<pg.PoolClient['query']>) => {
      const answer: unknown = Reflect.apply(client.query, client, args)
      if (!(answer instanceof Promise)) return answer
      return answer.catch((error: unknown) => {
        if (leavesStateUnknown(error)) unknownState.add(client)
        throw error
      })
    }) as PostgresPoolClient['query'],
    release(destroy) {
      client.release(destroy === true || unknownState.has(client))
    },
  })
  return {
    // The class pg-pool makes connections with (Kysely cancels a query through one).
    Client: (pool as unknown as Pick<PostgresPool, 'Client'>).Client,
    options: pool.options,
    async connect() {
      const client = await pool.connect()
      let handedClient = handed.get(client)
      if (!handedClient) {
        handedClient = hand(client)
        handed.set(client, handedClient)
      }
      return handedClient
    },
    end: () => pool.end(),
  }
}
