/**
 * Precompression of what the server sends: brotli (quality 11; 9 above 1 MB) and gzip (level 9),
 * done once when a page is rendered or a file is built, never per request. On zlib's thread pool,
 * so that a render at run time does not hold the event loop (brotli 11 takes tens of milliseconds
 * on a page).
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Smaller than this, a compressed form saves nothing worth a header. */
export const MIN_COMPRESSIBLE_BYTES = 256

export interface Compressed {
  /** Each form is kept only where it is smaller than the original. */
  br: Buffer | undefined
  gzip: Buffer | undefined
}

/** Above this, brotli 11 costs seconds: the podcast feed is 8 MB at ten years of the show. */
export const LARGE_BODY_BYTES = 1024 * 1024

/**
 * Brotli's quality for a body: 11 for pages, 9 for a body over LARGE_BODY_BYTES. Measured on the
 * 8 MB feed of 3,650 episodes (loaded machine): quality 11 took 14.5 s for 141 KB, 9 took
 * 0.34 s for 163 KB; the feed is made again at every publish, before it can be served.
 */
export const brotliQuality = (bytes: number) => (bytes > LARGE_BODY_BYTES ? 9 : 11)

export async function compress(body: Buffer): Promise<Compressed> {
  if (body.length < MIN_COMPRESSIBLE_BYTES) return { br: undefined, gzip: undefined }
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length),
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ])
  return {
    br: br.length < body.length ? br : undefined,
    gzip: gz.length < body.length ? gz : undefined,
  }
}

/**
 * One form for one request (a page made per request, never kept): brotli 4 or gzip 6, a few
 * milliseconds on the thread pool, where the kept pages get brotli 11 and gzip 9 once.
 */
export function compressFast(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzip(body, { level: 6 })
}
