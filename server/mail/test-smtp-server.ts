/**
 * Test helper: a real SMTP server (the smtp-server package) on 127.0.0.1 that records what it
 * receives and can be told to refuse mail, to take a mail and then drop the connection, or to
 * stop listening, to exercise the outbox retries.
 */
import type { Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  headers: Map<string, string>
  /** The text body, with quoted-printable and soft line breaks decoded. */
  text: string
  raw: string
}

export interface TestSmtpServer {
  port: number
  url: string
  received: ReceivedMail[]
  /** Answer the next n messages with this SMTP error (default 451, a temporary failure). */
  failNext(count: number, responseCode?: number): void
  /**
   * Take the next n messages (they are recorded as received) and then close the connection
   * before answering, as a server or network failing at the worst moment does: the sender
   * cannot know that the mail arrived.
   */
  dropAfterAcceptingNext(count: number): void
  /** Hold each message this long before accepting it. */
  delay(ms: number): void
  /** Resolves when a message is being received (its DATA has started). */
  nextData(): Promise<void>
  waitForMail(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  stop(): Promise<void>
  /** Listen again on the same port after stop(). */
  restart(): Promise<void>
}

export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  let failures = 0
  let drops = 0
  const sockets = new Set<Socket>()
  let failureCode = 451
  let holdMs = 0
  let dataWaiters: (() => void)[] = []
  let server: SMTPServer

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        for (const waiter of dataWaiters) waiter()
        dataWaiters = []
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const finish = () => {
            if (failures > 0) {
              failures -= 1
              const error = Object.assign(
                new Error('Mailbox temporarily unavailable, try again later'),
                {
                  responseCode: failureCode,
                },
              )
              return callback(error)
            }
            const raw = Buffer.concat(chunks).toString('utf8')
            received.push({
              ...parse(raw),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
            })
            if (drops > 0) {
              drops -= 1
              for (const socket of sockets)
                if (socket.remotePort === session.remotePort) socket.destroy()
              return
            }
            callback()
          }
          if (holdMs > 0) setTimeout(finish, holdMs)
          else finish()
        })
      },
    })
  }

  async function listen(at: number) {
    server = create()
    server.server.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(at, '127.0.0.1', () => resolve())
    })
    return (server.server.address() as { port: number }).port
  }

  const actualPort = await listen(port)
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    failNext(count, responseCode = 451) {
      failures = count
      failureCode = responseCode
    },
    dropAfterAcceptingNext(count) {
      drops = count
    },
    delay(ms) {
      holdMs = ms
    },
    nextData() {
      return new Promise((resolve) => dataWaiters.push(resolve))
    },
    async waitForMail(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(`expected ${count} mails, received ${received.length}`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return received
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
    async restart() {
      await listen(actualPort)
    },
  }
}

function parse(raw: string): Pick<ReceivedMail, 'headers' | 'text'> {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()))
  }
  let body = raw.slice(split + 4)
  const encoding = headers.get('content-transfer-encoding') ?? ''
  if (/quoted-printable/i.test(encoding)) body = decodeQuotedPrintable(body.replace(/=\r\n/g, ''))
  else if (/base64/i.test(encoding))
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return { headers, text: body.replace(/\r\n/g, '\n').replace(/\n$/, '') }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in header values. */
function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}
