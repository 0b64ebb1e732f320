/**
 * A letter as e-mail: multipart/alternative with an HTML part made by React Email
 * (@react-email/components: tables for layout, styles inline, lang, a hidden preheader) and a
 * plain-text part written from the same tree, never derived by stripping tags. Both are rendered
 * once per letter; each reader's copy only fills in two slots, their unsubscribe link and their
 * address (personalise). No tracking pixel and no rewritten links: what the writer linked to is
 * what the reader gets.
 */
import { createElement as h, type ReactNode } from 'react'
import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from '@react-email/components'
import type { MediaManifest } from '#common/content/media.ts'
import {
  ACCENT,
  INK,
  letterElements,
  letterText,
  letterTree,
  MUTED,
  type LetterBodyOptions,
} from './letter-body.ts'
import { ADDRESS_SLOT, UNSUBSCRIBE_SLOT, type RenderedLetter } from './letter-copy.ts'

export { personalise, type ReaderCopy, type RenderedLetter } from './letter-copy.ts'

export interface LetterContent {
  subject: string
  preheader: string
  body: string
  slug: string
}

export interface LetterMailOptions {
  media: MediaManifest
  siteUrl: string
  /** The organisation's postal address (CAN-SPAM). */
  postalAddress: string
  /** The name the letter is signed with and the list is called. */
  listName: string
}

/** The public copy of a letter: /newsletter/<slug>. */
export function letterUrl(siteUrl: string, slug: string): string {
  return new URL(`/newsletter/${slug}`, siteUrl).toString()
}

const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"
const small = {
  fontFamily: SANS,
  fontSize: '13px',
  lineHeight: '20px',
  color: MUTED,
  margin: '0 0 8px',
}

/**
 * Mail clients that honour prefers-color-scheme get light text on a dark page; the others
 * (Gmail's app, Outlook) invert the light page themselves, which the plain colours survive.
 */
const DARK_MODE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .letter-page, .letter-card { background-color: #15191e !important; }
  .letter-card p, .letter-card li, .letter-card h1, .letter-card h2, .letter-card h3,
  .letter-card h4, .letter-card td, .letter-card th { color: #e6edf3 !important; }
  .letter-card a { color: #f0a070 !important; }
}`

function LetterDocument(props: {
  letter: LetterContent
  options: LetterMailOptions
  body: ReactNode[]
}): ReactNode {
  const { letter, options } = props
  const site = new URL(options.siteUrl)
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('title', null, letter.subject),
      h('style', null, DARK_MODE),
    ),
    h(Preview, null, letter.preheader),
    h(
      Body,
      {
        className: 'letter-page',
        style: { backgroundColor: '#f4f1ec', margin: '0', padding: '24px 0' },
      },
      h(
        Container,
        {
          className: 'letter-card',
          style: { backgroundColor: '#ffffff', maxWidth: '600px', padding: '32px 24px' },
        },
        h(
          Text,
          { style: { ...small, textTransform: 'uppercase', letterSpacing: '1px' } },
          options.listName,
        ),
        h(
          Heading,
          {
            as: 'h1',
            style: {
              fontFamily: SANS,
              fontSize: '28px',
              lineHeight: '34px',
              color: INK,
              margin: '0 0 24px',
            },
          },
          letter.subject,
        ),
        h(Section, null, ...props.body),
        h(
          Text,
          { style: { ...small, fontSize: '15px', margin: '24px 0' } },
          h(
            Link,
            { href: letterUrl(options.siteUrl, letter.slug), style: { color: ACCENT } },
            'Read this letter on the website',
          ),
        ),
        h(Hr, { style: { borderTop: '1px solid #d0d7de', margin: '24px 0' } }),
        h(
          Text,
          { style: small },
          `You get this letter because ${ADDRESS_SLOT} subscribed to the ${options.listName} newsletter at ${site.host} and confirmed it.`,
        ),
        h(
          Text,
          { style: small },
          h(Link, { href: UNSUBSCRIBE_SLOT, style: { color: ACCENT } }, 'Unsubscribe'),
          ' (one click, no sign-in) · ',
          h(
            Link,
            { href: new URL('/privacy', site).toString(), style: { color: ACCENT } },
            'What we store and why',
          ),
        ),
        h(Text, { style: small }, options.postalAddress),
      ),
    ),
  )
}

/** Renders a letter once; throws MarkdownError for a body the site refuses. */
export async function renderLetter(
  letter: LetterContent,
  options: LetterMailOptions,
): Promise<RenderedLetter> {
  const bodyOptions: LetterBodyOptions = { media: options.media, siteUrl: options.siteUrl }
  const tree = letterTree(letter.body, bodyOptions)
  const html = await render(
    h(LetterDocument, { letter, options, body: letterElements(tree, bodyOptions) }),
  )
  const site = new URL(options.siteUrl)
  const text = [
    letter.subject.toUpperCase(),
    '',
    letterText(tree, bodyOptions),
    '',
    `Read this letter on the website: ${letterUrl(options.siteUrl, letter.slug)}`,
    '',
    '--',
    `You get this letter because ${ADDRESS_SLOT} subscribed to the ${options.listName} newsletter at ${site.host} and confirmed it.`,
    `Unsubscribe (one click, no sign-in): ${UNSUBSCRIBE_SLOT}`,
    `What we store and why: ${new URL('/privacy', site).toString()}`,
    options.postalAddress,
  ].join('\n')
  return { subject: letter.subject, html, text }
}
