/**
 * The child process of one sync (isolated.ts starts it): receives which store to read, reads
 * it with its provider, then hands the courses over a slice at a time, each when the server
 * asks for it; or sends the UpstreamError's kind and message. It exits when it is done.
 */
import { once } from 'node:events'
import { UpstreamError } from '#server/catalogue/upstream.ts'
import { HANDOVER_SLICE, type StoreReaderInput, type StoreReaderMessage } from './isolated.ts'
import { createShopifyProvider } from './shopify.ts'
import { createWooCommerceProvider } from './woocommerce.ts'

const send = (message: StoreReaderMessage) =>
  new Promise<void>((resolve) => process.send!(message, () => resolve()))

const [input] = (await once(process, 'message')) as [StoreReaderInput]
const { name, settings } = input
const provider =
  name === 'shopify' ? createShopifyProvider(settings) : createWooCommerceProvider(settings)

try {
  const { courses, skipped, skippedCount } = await provider.fetchCourses()
  for (let start = 0; start < courses.length; start += HANDOVER_SLICE) {
    const next = once(process, 'message')
    await send({ type: 'courses', courses: courses.slice(start, start + HANDOVER_SLICE) })
    await next
  }
  await send({ type: 'done', skipped, skippedCount })
} catch (error) {
  await send(
    error instanceof UpstreamError
      ? { type: 'failed', kind: error.kind, message: error.message }
      : {
          type: 'failed',
          kind: 'invalid',
          message: "The store's answer could not be read.",
          detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
        },
  )
}
process.disconnect()
