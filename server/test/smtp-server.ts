/**
 * Test helper: a real SMTP server (the smtp-server package) on 127.0.0.1 that records what it
 * receives and can be told to refuse mail, to take a mail and then drop the connection, or to
 * stop listening, to exercise the outbox retries.
 */
import type { Socket } from 'node:net'
import { simpleParser, type AddressObject, type HeaderValue, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** The envelope sender and recipients (MAIL FROM, RCPT TO). */
  from: string
  to: string[]
  /** Decoded header values by lower-case name; addresses as "Name <address>", comma-separated. */
  headers: Map<string, string>
  /** The decoded text body. */
  text: string
  /** The whole message as mailparser reads it, for anything the fields above leave out. */
  parsed: ParsedMail
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
  /** Refuse this recipient at RCPT TO with this code (550: a permanent refusal, a bounce). */
  refuseRecipient(address: string, responseCode?: number): void
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
  const refusedRecipients = new Map<string, number>()
  // Callers of waitForMail, told each time a mail has been received.
  const mailWaiters = new Set<() => void>()
  let server: SMTPServer

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const code = refusedRecipients.get(address.address.toLowerCase())
        if (code === undefined) return callback()
        callback(Object.assign(new Error('No such mailbox here'), { responseCode: code }))
      },
      onData(stream, session, callback) {
        for (const waiter of dataWaiters) waiter()
        dataWaiters = []
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const finish = async () => {
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
            const raw = Buffer.concat(chunks)
            const parsed = await simpleParser(raw)
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              headers: headerMap(parsed),
              text: parsed.text ?? '',
              parsed,
              raw: raw.toString('utf8'),
            })
            for (const waiter of mailWaiters) waiter()
            if (drops > 0) {
              drops -= 1
              for (const socket of sockets)
                if (socket.remotePort === session.remotePort) socket.destroy()
              return
            }
            callback()
          }
          const receive = () => finish().catch((error: Error) => callback(error))
          if (holdMs > 0) setTimeout(receive, holdMs)
          else void receive()
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
    refuseRecipient(address, responseCode = 550) {
      refusedRecipients.set(address.toLowerCase(), responseCode)
    },
    delay(ms) {
      holdMs = ms
    },
    nextData() {
      return new Promise((resolve) => dataWaiters.push(resolve))
    },
    waitForMail(count, timeoutMs = 10_000) {
      return new Promise<ReceivedMail[]>((resolve, reject) => {
        const check = () => {
          if (received.length < count) return
          finish()
          resolve(received)
        }
        const timer = setTimeout(() => {
          finish()
          reject(new Error(`expected ${count} mails, received ${received.length}`))
        }, timeoutMs)
        const finish = () => {
          clearTimeout(timer)
          mailWaiters.delete(check)
        }
        mailWaiters.add(check)
        check()
      })
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
    async restart() {
      await listen(actualPort)
    },
  }
}

/**
 * Each header by its lower-case name. mailparser folds the List-* headers into one structured
 * "list" entry; those are kept as the raw lines say, since tests check them as sent.
 */
function headerMap(parsed: ParsedMail): Map<string, string> {
  const headers = new Map([...parsed.headers].map(([name, value]) => [name, show(value)]))
  for (const { key, line } of parsed.headerLines) {
    if (!headers.has(key))
      headers.set(
        key,
        line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      )
  }
  return headers
}

function show(value: HeaderValue): string {
  if (typeof value === 'string') return value
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(show).join(', ')
  if ('value' in value && Array.isArray(value.value)) {
    return (value as AddressObject).value
      .map((a) => (a.name ? `${a.name} <${a.address}>` : (a.address ?? '')))
      .join(', ')
  }
  if ('value' in value && typeof value.value === 'string') return value.value
  return JSON.stringify(value)
}

/**
 * The settings a server needs to mail letters to readers through `smtp` (the sender, the site's
 * address for links, the postal address every letter ends with).
 */
export function letterMailEnv(smtp: Pick<TestSmtpServer, 'url'>) {
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'DocuCommons <news@docucommons.example.org>',
    PUBLIC_SITE_URL: 'https://docucommons.example.org',
    NEWSLETTER_POSTAL_ADDRESS: 'Heartland Story Fund, 1400 Grand Blvd, Kansas City, MO 64106',
  }
}
