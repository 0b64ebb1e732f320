/**
 * Answers sent before a request's body was read to its end (a refusal over its size, a role
 * check's 401, a same-site check's 403): the connection closes after the answer, so Node does
 * not read the rest of the body (up to a 200 MB upload) to keep the connection alive.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'

/** After an early answer: how long, and how much more, to read and drop before closing. */
const LINGER_MS = 1000
const LINGER_BYTES = 4 * 1024 * 1024

/**
 * Closes the connection after an answer sent before the body was read to its end, as nginx does
 * (lingering close): `Connection: close` tells the client to stop sending; once the answer is
 * written, the server's side is shut and what is still in flight is read and dropped for up to a
 * second or 4 MiB before the socket is destroyed. Destroyed at once, the socket would answer the
 * client's next bytes with a reset, which can throw away the answer before the client reads it.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close')
  const socket = request.raw.socket
  const limit = socket.bytesRead + LINGER_BYTES
  // Node calls destroySoon() once an answer with Connection: close is written.
  socket.destroySoon = () => {
    socket.end()
    const watch = setInterval(() => socket.bytesRead > limit && socket.destroy(), 50).unref()
    const deadline = setTimeout(() => socket.destroy(), LINGER_MS).unref()
    socket.once('close', () => {
      clearInterval(watch)
      clearTimeout(deadline)
    })
  }
}
