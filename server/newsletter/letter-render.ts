/**
 * Renders letters for the outbox and the back office's preview: the media manifest from the
 * published content (pictures), the site's address and the postal address from the settings.
 * Every copy of a letter shares one rendering (cached by letter and version), so a send of
 * 50,000 copies renders the letter once per process.
 */
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import type { Env } from '#server/env.ts'
import type { LetterRow } from './letters.ts'
import type { RenderedLetter } from './letter-copy.ts'

export type ReadPublished = () => Promise<ContentSnapshot | undefined>

export type RenderEnv = Pick<Env, 'PUBLIC_SITE_URL' | 'NEWSLETTER_POSTAL_ADDRESS'>

const CACHED = 8

export function siteUrlOf(env: Pick<Env, 'PUBLIC_SITE_URL'>): string {
  return env.PUBLIC_SITE_URL ?? 'http://127.0.0.1:3000'
}

export function createLetterRenderer(env: RenderEnv, readPublished: ReadPublished) {
  const cache = new Map<string, Promise<RenderedLetter>>()
  async function render(letter: Pick<LetterRow, 'subject' | 'preheader' | 'body' | 'slug'>) {
    const snapshot = await readPublished()
    // React Email loads only when a letter is rendered, not with every server process.
    const { renderLetter } = await import('./letter-mail.ts')
    return renderLetter(letter, {
      media: snapshot?.media ?? { images: {}, videos: {}, awards: [], partners: [], og: {} },
      siteUrl: siteUrlOf(env),
      postalAddress: env.NEWSLETTER_POSTAL_ADDRESS ?? '',
      listName: 'DocuCommons',
    })
  }
  return {
    /** A letter as it is being sent (cached). */
    cached(letter: LetterRow): Promise<RenderedLetter> {
      const key = `${letter.id}:${letter.version}`
      let rendering = cache.get(key)
      if (!rendering) {
        rendering = render(letter)
        rendering.catch(() => cache.delete(key))
        cache.set(key, rendering)
        if (cache.size > CACHED) cache.delete(cache.keys().next().value!)
      }
      return rendering
    },
    /** A draft as it would be sent now (the preview, a test): never cached. */
    render,
  }
}

export type LetterRenderer = ReturnType<typeof createLetterRenderer>
