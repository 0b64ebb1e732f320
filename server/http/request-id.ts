/**
 * Request ids: a trusted proxy's X-Request-Id when it is a plain token (the proxy or load
 * balancer already named the request), otherwise this process's random prefix and a counter.
 * The prefix (48 random bits, new at every start) keeps ids apart across processes and restarts;
 * the counter keeps them apart within one. A counter costs nothing per request, where a random
 * UUID per request showed in the CPU profile of the catalogue GET (issue 11).
 *
 * Only a proxy named by TRUST_PROXY may name a request (issue 21): from anyone else the header
 * is a string the client chose, and taking it would let a client give its requests the id of
 * another's in the log, or the same id to all of them.
 */
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import net from 'node:net'
import type { Env } from '#server/env.ts'

const INCOMING = /^[\w-]{8,64}$/

/** proxy-addr's named ranges, which TRUST_PROXY accepts as Fastify does. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
}

/** Whether the peer that sent a request is a proxy TRUST_PROXY names. */
export function trustedPeer(trustProxy: Env['TRUST_PROXY']): (address: string) => boolean {
  if (trustProxy === false) return () => false
  // A number of hops: the peer is the nearest proxy, always trusted.
  if (typeof trustProxy === 'number') return () => trustProxy > 0
  const list = new net.BlockList()
  for (const entry of trustProxy) {
    const named = NAMED_RANGES[entry]
    if (named) {
      for (const [address, prefix, family] of named) list.addSubnet(address, prefix, family)
      continue
    }
    const [address = '', prefix] = entry.split('/')
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4'
    list.addSubnet(
      address,
      prefix === undefined ? (family === 'ipv6' ? 128 : 32) : Number(prefix),
      family,
    )
  }
  return (address) =>
    net.isIP(address) !== 0 && list.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4')
}

export function createRequestIdGenerator(options: {
  trustProxy: Env['TRUST_PROXY']
  prefix?: string
}) {
  const prefix = options.prefix ?? crypto.randomBytes(6).toString('base64url')
  const trusted = trustedPeer(options.trustProxy)
  let counter = 0
  return (request: IncomingMessage): string => {
    const incoming = request.headers['x-request-id']
    if (
      typeof incoming === 'string' &&
      INCOMING.test(incoming) &&
      trusted(request.socket?.remoteAddress ?? '')
    )
      return incoming
    counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1
    return `${prefix}-${counter.toString(36)}`
  }
}
