/**
 * The newsletter's public archive as the pages show it (ADR 024): one page per letter that went
 * out, at the address each mail links to (/newsletter/<slug>), and the list of them, newest first,
 * paged like the podcast's archive (app/lib/pager.ts: pages counted from the oldest, so a page's
 * letters never move). The letters come with the snapshot (`snapshot.letters`, from the database;
 * none in the repository's content/). Their bodies are the articles' Markdown, rendered the same
 * way.
 */
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { LETTER_ARCHIVE_PATH, letterPath, type ArchivedLetter } from '#common/newsletter-archive.ts'
import { renderArticleBody, typographic } from './articles.server.ts'
import { ogImage } from './content.server.ts'
import { archivedLetters, letterArchivePagePath, LETTERS_PER_PAGE } from './letter-paths.server.ts'
import { fullPages, pageItems, pageOfItem, pagerLinks } from './pager.ts'
import { absoluteUrl, breadcrumbs, seo } from './seo.server.ts'

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'America/Chicago',
  })

export interface LetterSummary {
  slug: string
  href: string
  subject: string
  preheader: string
  sentAt: string
  date: string
}

function summarise(letter: ArchivedLetter): LetterSummary {
  return {
    slug: letter.slug,
    href: letterPath(letter.slug),
    subject: typographic(letter.subject),
    preheader: typographic(letter.preheader),
    sentAt: letter.sentAt,
    date: longDate(letter.sentAt),
  }
}

/** One letter's page; undefined when no letter went out with this slug. */
export function letterView(snapshot: ContentSnapshot, slug: string) {
  // It shows itself only (no neighbours), so a new letter changes no other letter's page.
  const letter = archivedLetters(snapshot).find((candidate) => candidate.slug === slug)
  if (!letter) return undefined
  const summary = summarise(letter)
  const path = letterPath(letter.slug)
  return {
    letter: { ...summary, html: renderArticleBody(snapshot, letter.body) },
    // From the loader: a constant the route module imported would be a chunk islands share.
    archiveHref: LETTER_ARCHIVE_PATH,
    meta: seo(snapshot, {
      title: summary.subject,
      description: summary.preheader || `Our newsletter of ${summary.date}.`,
      path,
      image: ogImage(snapshot.media, 'default'),
      type: 'article',
      jsonLd: [
        {
          '@type': 'Article',
          headline: letter.subject,
          description: letter.preheader,
          datePublished: letter.sentAt,
          url: absoluteUrl(path),
          isPartOf: { '@type': 'CollectionPage', url: absoluteUrl(LETTER_ARCHIVE_PATH) },
          publisher: { '@id': `${absoluteUrl('/')}#organization` },
        },
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'Newsletter archive', path: LETTER_ARCHIVE_PATH },
          { name: letter.subject, path },
        ]),
      ],
    }),
  }
}

/** The archive (page undefined: the newest letters) or one of its pages; undefined if none. */
export function letterArchiveView(snapshot: ContentSnapshot, page?: number) {
  const letters = archivedLetters(snapshot)
  const pages = fullPages(letters.length, LETTERS_PER_PAGE)
  if (page !== undefined && (!Number.isInteger(page) || page < 1 || page > pages)) return undefined
  const listed =
    page === undefined
      ? letters.slice(0, LETTERS_PER_PAGE)
      : pageItems(letters, page, LETTERS_PER_PAGE)
  const older =
    page === undefined
      ? letters.length > LETTERS_PER_PAGE
        ? pageOfItem(LETTERS_PER_PAGE, letters.length, LETTERS_PER_PAGE)
        : undefined
      : page > 1
        ? page - 1
        : undefined
  const newer =
    page === undefined
      ? undefined
      : page < pages
        ? letterArchivePagePath(page + 1)
        : LETTER_ARCHIVE_PATH
  const path = page === undefined ? LETTER_ARCHIVE_PATH : letterArchivePagePath(page)
  const title = page === undefined ? 'Newsletter archive' : `Newsletter archive, page ${page}`
  return {
    letters: listed.map(summarise),
    page,
    // Only the latest page says how many there are: an archive page stays the same.
    total: page === undefined ? letters.length : undefined,
    pager:
      pages > 0
        ? pagerLinks(page, pages, { page: letterArchivePagePath, latest: LETTER_ARCHIVE_PATH })
        : [],
    newerHref: newer,
    olderHref: older === undefined ? undefined : letterArchivePagePath(older),
    meta: seo(snapshot, {
      title,
      description: 'Every letter we have sent to our newsletter’s readers, newest first.',
      path,
      image: ogImage(snapshot.media, 'default'),
      jsonLd: [
        {
          '@type': 'CollectionPage',
          name: title,
          url: absoluteUrl(path),
          hasPart: listed.map((letter) => ({
            '@type': 'Article',
            headline: letter.subject,
            datePublished: letter.sentAt,
            url: absoluteUrl(letterPath(letter.slug)),
          })),
        },
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'Newsletter archive', path: LETTER_ARCHIVE_PATH },
          ...(page === undefined ? [] : [{ name: `Page ${page}`, path }]),
        ]),
      ],
    }),
  }
}
