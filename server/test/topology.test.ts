/**
 * The reference topology of docs/deployment.md, for real (server/test/topology.ts starts it):
 * three server processes behind nginx on one PostgreSQL database. Each journey below is a
 * function of the running topology; they run in order, and the last one kills a process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASE_URL } from './databases.ts'
import type { ServerProcess } from './server-process.ts'
import {
  COOLDOWN_SECONDS,
  FORM_LIMIT,
  PROCESSES,
  api,
  contact,
  send,
  startTopology,
  stopTopology,
  storedMessages,
  syncs,
  tally,
  waitFor,
  type Answer,
  type Topology,
} from './topology.ts'
import { articlePublish, episodePublish, sessionAcrossProcesses } from './topology-staff.ts'

async function refreshStorm(topology: Topology) {
  expect(syncs(topology)).toBe(0)
  const started = Date.now()
  const answers = await Promise.all(
    Array.from({ length: 600 }, (_, i) =>
      send(api(topology, '/api/core/shopify/courses/'), {
        method: 'POST',
        from: `127.0.5.${1 + (i % 200)}`,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  )
  const elapsed = Date.now() - started
  expect(tally(answers)).toEqual({ 200: 600 })
  expect(syncs(topology)).toBe(1)
  // not a stopwatch: the premise that every request fell inside one cooldown window.
  expect(elapsed).toBeLessThan(COOLDOWN_SECONDS * 1000)
  const counts = new Set(
    answers.map((answer) => (JSON.parse(answer.body) as { count: number }).count),
  )
  expect(counts).toEqual(new Set([4]))
}

async function contactBurst(topology: Topology) {
  const { servers, smtp } = topology
  // 300 visitors at once, one message each. A submission that waits for the database longer
  // than its budget is answered 503 (server/http/form-route.ts), as on a slow machine under
  // this burst, and the browser sends the same submission again (app/contact/resend-queue.ts):
  // so does this test, within the address's form limit. Each message is stored once either way.
  const bodies = Array.from({ length: 300 }, (_, i) => contact(`c${i}`))
  let resent = 0
  const answers = await Promise.all(
    bodies.map(async (body, i) => {
      const from = `127.0.${i < 250 ? 1 : 4}.${1 + (i % 250)}`
      let answer = await send(api(topology, '/api/contact/'), { method: 'POST', from, body })
      for (let tries = 1; answer.status === 503 && tries < FORM_LIMIT; tries++) {
        resent++
        await new Promise((resolve) => setTimeout(resolve, 250 * tries))
        answer = await send(api(topology, '/api/contact/'), { method: 'POST', from, body })
      }
      return answer
    }),
  )
  if (resent > 0) console.log(`Sent again after a 503: ${resent} of 300 submissions`)
  expect(tally(answers)).toEqual({ 201: 300 })

  const ids = bodies.map((body) => body.submissionId)
  const rows = await storedMessages(topology, ids)
  expect(rows).toHaveLength(300)
  expect(new Set(rows.map((row) => row.submission_id)).size).toBe(300)

  // Round-robin reached every process. Request log lines reach the output in batches, at most
  // 250 ms after they are written (server/http/request-log.ts): wait that long, not longer.
  const logged = (server: (typeof servers)[number]) =>
    server.output.some((line) => line.includes('/api/contact/'))
  await waitFor(
    async () => servers.every(logged),
    20_000,
    () =>
      `processes without a contact request in their log: ${servers.filter((s) => !logged(s)).length}`,
  )
  for (const server of servers) {
    expect(logged(server)).toBe(true)
  }

  // Every row is marked sent (no sender is still in flight), and the SMTP server has them.
  await waitFor(
    async () =>
      (await storedMessages(topology, ids)).every((row) => row.delivery_status === 'sent'),
    45_000,
    () => `${smtp.received.length} of 300 mails received`,
  )
  const mailed = smtp.received
    .map((mail) => mail.headers.get('x-contact-message-id'))
    .filter((id) => id !== undefined)
  expect(mailed).toHaveLength(300)
  expect(new Set(mailed).size).toBe(300)
}

async function formQuota(topology: Topology) {
  const answers: Answer[] = []
  // Sequential, so round-robin spreads them evenly: 2 × PROCESSES × the limit.
  for (let i = 0; i < 2 * PROCESSES * FORM_LIMIT; i++) {
    answers.push(
      await send(api(topology, '/api/contact/'), {
        method: 'POST',
        from: '127.0.2.1',
        body: contact(`limited-${i}`),
      }),
    )
  }
  expect(tally(answers)).toEqual({ 201: FORM_LIMIT, 429: (2 * PROCESSES - 1) * FORM_LIMIT })
  expect(answers.slice(0, FORM_LIMIT).every((answer) => answer.status === 201)).toBe(true)
}

async function forgedAddresses(topology: Topology) {
  const answers: Answer[] = []
  for (let i = 0; i < 2 * PROCESSES * FORM_LIMIT; i++) {
    const forged = `203.0.113.${i + 1}`
    answers.push(
      await send(api(topology, '/api/contact/'), {
        method: 'POST',
        from: '127.0.3.1',
        body: contact(`forged-${i}`),
        headers: { 'x-forwarded-for': forged, 'x-real-ip': forged },
      }),
    )
  }
  expect(tally(answers)).toEqual({ 201: FORM_LIMIT, 429: (2 * PROCESSES - 1) * FORM_LIMIT })
  // Another real address still has its own quota.
  const other = await send(api(topology, '/api/contact/'), {
    method: 'POST',
    from: '127.0.3.2',
    body: contact('honest'),
  })
  expect(other.status).toBe(201)
}

async function killUnderLoad(topology: Topology, victim: ServerProcess) {
  const acknowledged: string[] = []
  const answers: Answer[] = []
  let sent = 0
  let killed = false
  const total = 240
  // 12 visitors at a time, each sending its form quota, until `total` are sent.
  const worker = async (lane: number) => {
    for (let round = 0; round < total / 12 / FORM_LIMIT; round++) {
      const from = `127.0.${6 + round}.${lane + 1}`
      for (let k = 0; k < FORM_LIMIT; k++) {
        const body = contact(`kill-${lane}-${round}-${k}`)
        sent++
        if (!killed && sent >= total / 3) {
          killed = true
          victim!.child.kill('SIGKILL')
        }
        const answer = await send(api(topology, '/api/contact/'), { method: 'POST', from, body })
        answers.push(answer)
        if (answer.status === 201) acknowledged.push(body.submissionId)
      }
    }
  }
  await Promise.all(Array.from({ length: 12 }, (_, lane) => worker(lane)))
  expect(killed).toBe(true)
  expect(answers).toHaveLength(total)
  // The only failures are requests the killed process had in hand when it died.
  const failures = answers.filter((answer) => answer.status !== 201)
  expect(failures.length).toBeLessThanOrEqual(12)
  expect(failures.every((answer) => answer.status === 0 || answer.status === 502)).toBe(true)

  const rows = await storedMessages(topology, acknowledged)
  expect(new Set(rows.map((row) => row.submission_id)).size).toBe(acknowledged.length)
  expect(rows).toHaveLength(acknowledged.length)

  // After the kill, every request is answered by the two survivors.
  const after = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      send(api(topology, '/api/contact/'), {
        method: 'POST',
        from: `127.0.20.${1 + Math.floor(i / FORM_LIMIT)}`,
        body: contact(`after-${i}`),
      }),
    ),
  )
  expect(tally(after)).toEqual({ 201: 30 })
  const health = await Promise.all(
    Array.from({ length: 20 }, () => send(api(topology, '/api/health'), { from: '127.0.21.1' })),
  )
  expect(tally(health)).toEqual({ 200: 20 })
}

describe.skipIf(!TEST_DATABASE_URL)(
  'reference topology: 3 server processes behind nginx on one PostgreSQL database',
  () => {
    const parts: Partial<Topology> = {}
    let topology: Topology
    let victim: ServerProcess | undefined

    beforeAll(async () => {
      topology = await startTopology(parts)
    }, 600_000)

    afterAll(() => stopTopology(parts, victim), 90_000)

    it(
      'sends 600 concurrent refreshes over the three processes to the store once, without a 5xx',
      () => refreshStorm(topology),
      180_000,
    )

    it(
      'stores and mails each of 300 contact messages exactly once, spread over the processes',
      () => contactBurst(topology),
      270_000,
    )

    it('holds the form rate limit across the processes: one quota, not one per process', () =>
      formQuota(topology))

    it('limits a client that forges X-Forwarded-For and X-Real-IP by its real address', () =>
      forgedAddresses(topology))

    it(
      'keeps a staff session across the three processes and through a restart of each',
      () => sessionAcrossProcesses(topology),
      180_000,
    )

    it(
      'serves a publish through one process from all three: the article, /articles, the sitemap, RSS; then its new address and its removal',
      () => articlePublish(topology),
      270_000,
    )

    it(
      'serves an episode published through one process from all three: its page, /listen, the feed, its transcript, and its audio with byte ranges',
      () => episodePublish(topology),
      270_000,
    )

    it('loses no acknowledged message when a process is killed under load; the others keep answering', async () => {
      victim = topology.servers[0]!
      await killUnderLoad(topology, victim)
    }, 120_000)
  },
)
