import net from 'node:net'
import { tenTimesFast } from '#server/test/time-bounds.ts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startStubStore, sendJson, type StubStore } from '#server/test/stub-store.ts'
import {
  checkJsonShape,
  getStoreJson,
  MAX_JSON_CONTAINERS,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  UpstreamError,
  type UpstreamFailure,
  type UpstreamOptions,
} from './upstream.ts'

let store: StubStore
const options: UpstreamOptions = { timeoutMs: 2000, maxBytes: 64 * 1024 }

beforeAll(async () => {
  store = await startStubStore()
})
afterAll(async () => {
  await store.close()
})
beforeEach(() => store.reset())

async function failure(url: string, opts: UpstreamOptions = options): Promise<UpstreamError> {
  const error = await getStoreJson(url, opts).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(UpstreamError)
  return error as UpstreamError
}

function expectKind(error: UpstreamError, kind: UpstreamFailure, status: number, message: RegExp) {
  expect(error.kind).toBe(kind)
  expect(error.httpStatus).toBe(status)
  expect(error.message).toMatch(message)
}

describe('getStoreJson', () => {
  answerChecks()
  sizeCapChecks()
  badAnswerChecks()
})

/** A good answer, a store that does not answer in time, and a redirect. */
function answerChecks() {
  it('returns the parsed body and the headers, asking for JSON', async () => {
    let accept: string | undefined
    store.setHandler((request, response) => {
      accept = request.headers.accept
      sendJson(response, { products: [1, 2] }, { link: '<x>; rel="next"' })
    })
    const answer = await getStoreJson(`${store.url}/products.json?limit=250`, options)
    expect(answer.body).toEqual({ products: [1, 2] })
    expect(answer.headers.get('link')).toBe('<x>; rel="next"')
    expect(accept).toBe('application/json')
  })

  it('gives up after the timeout when the store does not answer', async () => {
    store.setHandler(() => {
      // never answers
    })
    const started = performance.now()
    expectKind(
      await failure(`${store.url}/slow`),
      'timeout',
      504,
      /did not answer within 2 seconds/,
    )
    // Ended by the timeout, a few ms late on a fast machine; without it the request never ends.
    expect(performance.now() - started - options.timeoutMs).toBeLessThan(tenTimesFast(200))
  })

  it('gives up after the timeout when the body stalls half-way', async () => {
    store.setHandler((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"products": [')
    })
    expectKind(await failure(`${store.url}/stall`), 'timeout', 504, /did not answer within/)
  })

  it('does not follow a redirect', async () => {
    store.setHandler((request, response) => {
      if (request.url === '/moved') {
        response.writeHead(301, { location: 'http://127.0.0.1:1/elsewhere?token=secret' })
        return response.end()
      }
      sendJson(response, { followed: true })
    })
    const error = await failure(`${store.url}/moved`)
    expectKind(
      error,
      'redirect',
      502,
      /redirect \(HTTP 301 to http:\/\/127\.0\.0\.1:1\/elsewhere\), which is not followed/,
    )
    expect(error.message).not.toContain('secret')
    expect(store.requests).toEqual(['/moved'])
  })
}

/** An answer that would take a store minutes to send whole, far beyond any socket buffer. */
const ENDLESS_BYTES = 64 * 1024 * 1024

/** The size cap, streamed or declared. */
function sizeCapChecks() {
  it('refuses a body over the cap while it streams, without a Content-Length', async () => {
    let written = 0
    let closed!: Promise<unknown>
    store.setHandler((_request, response) => {
      closed = new Promise((resolve) => response.once('close', resolve))
      response.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(16 * 1024, 0x20)
      const pump = () => {
        while (written < ENDLESS_BYTES) {
          written += chunk.length
          if (!response.write(chunk)) return response.once('drain', pump)
        }
        response.end()
      }
      response.on('error', () => {})
      pump()
    })
    expectKind(await failure(`${store.url}/huge`), 'too-large', 502, /larger than 65536 bytes/)
    // The read stopped near the cap, not at the end: the store saw its answer cut. What it wrote
    // before the close is what loopback's socket buffers took (4.2 MB once on a 2-core machine;
    // Linux lets them grow to 4 MB sent and 6 MB received), far below the answer's size.
    await closed
    expect(written).toBeLessThan(ENDLESS_BYTES / 2)
  })

  it('refuses a declared Content-Length over the cap before reading', async () => {
    store.setHandler((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(options.maxBytes + 1),
      })
      response.end(' '.repeat(options.maxBytes + 1))
    })
    expectKind(await failure(`${store.url}/declared`), 'too-large', 502, /larger than/)
  })

  it('accepts a body of exactly the cap', async () => {
    store.setHandler((_request, response) => {
      const body = `[${' '.repeat(options.maxBytes - 2)}]`
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(body)
    })
    expect((await getStoreJson(`${store.url}/exact`, options)).body).toEqual([])
  })
}

/** Bodies that are not JSON or not UTF-8, error statuses, no store, and shutting down. */
function badAnswerChecks() {
  it.each([
    ['not JSON', '<html>Store closed</html>', /not valid JSON/],
    ['truncated JSON', '{"products": [', /not valid JSON/],
    ['empty', '', /not valid JSON/],
  ])('refuses a malformed body (%s)', async (_name, body, message) => {
    store.setHandler((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(body)
    })
    expectKind(await failure(`${store.url}/bad`), 'malformed', 502, message)
  })

  it('refuses a body that is not UTF-8', async () => {
    store.setHandler((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(Buffer.from([0x22, 0xff, 0xfe, 0x22]))
    })
    expectKind(await failure(`${store.url}/latin1`), 'malformed', 502, /not UTF-8/)
  })

  it.each([404, 500, 503])('reports HTTP %i from the store', async (status) => {
    store.setHandler((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end('{"errors":"Not Found"}')
    })
    expectKind(
      await failure(`${store.url}/status`),
      'status',
      502,
      new RegExp(`answered HTTP ${status}`),
    )
  })

  it('reports an unreachable store', async () => {
    const server = net.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    await new Promise<void>((resolve) => server.close(() => resolve()))
    expectKind(
      await failure(`http://127.0.0.1:${port}/products.json`),
      'unreachable',
      502,
      /could not be reached \(ECONNREFUSED\)/,
    )
  })

  it('stops when the caller aborts (shutdown)', async () => {
    store.setHandler(() => {})
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 20)
    const error = await failure(`${store.url}/slow`, {
      ...options,
      timeoutMs: 5000,
      signal: controller.signal,
    })
    expectKind(error, 'aborted', 503, /shutting down/)
  })
}

describe('checkJsonShape', () => {
  const refusal = (text: string) => {
    try {
      checkJsonShape(text, 'https://shop.example.com/products.json')
      return undefined
    } catch (error) {
      expect(error).toBeInstanceOf(UpstreamError)
      return error as UpstreamError
    }
  }
  const list = (item: string, count: number) => `[${Array(count).fill(item).join(',')}]`

  it('lets a page within the limits through', () => {
    expect(refusal(list('{}', MAX_JSON_CONTAINERS - 1))).toBeUndefined()
    expect(refusal(list('0', MAX_JSON_VALUES))).toBeUndefined()
    expect(refusal('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeUndefined()
  })

  it('refuses too many objects and lists, too many values, or nesting too deep', () => {
    expectKind(
      refusal(list('{}', MAX_JSON_CONTAINERS))!,
      'too-large',
      502,
      /https:\/\/shop\.example\.com\/products\.json\) holds more than 250000 objects and lists/,
    )
    expectKind(
      refusal(list('0', MAX_JSON_VALUES + 1))!,
      'too-large',
      502,
      /more than 1000000 values/,
    )
    expectKind(
      refusal('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))!,
      'too-large',
      502,
      /nested more than 64 deep/,
    )
  })

  it('does not count what is inside strings, escaped quotes included', () => {
    const text = JSON.stringify({
      body_html: '{[,"\\'.repeat(MAX_JSON_CONTAINERS),
      other: '\\',
      last: '"{"',
    })
    expect(refusal(text)).toBeUndefined()
    // The same characters outside a string are counted.
    expect(refusal(`[${'{},'.repeat(MAX_JSON_CONTAINERS)}"\\\\"]`)).toBeDefined()
  })

  it('keeps getStoreJson from parsing a page of 1.7 million empty objects', async () => {
    store.setHandler((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(`{"products":[${'{},'.repeat(1_700_000)}{}]}`)
    })
    expectKind(
      await failure(`${store.url}/products.json`, { ...options, maxBytes: 6 * 1024 * 1024 }),
      'too-large',
      502,
      /products\.json\) holds more than 250000 objects and lists/,
    )
  })
})
