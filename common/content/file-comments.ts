/**
 * What the content files say to a person who edits them by hand: the comments that the export
 * (./files.ts) writes at the top of each YAML file and before some of its fields. Prose, kept
 * apart from the code that writes and reads the formats.
 */
import { SHOW_KEY } from './episodes.ts'
import type { SingletonKey } from './snapshot.ts'

const COMMON_NOTE = [
  'Plain text throughout: type quotes, apostrophes and dashes as they should appear (’ “ ” —).',
  'Pictures are a media id from media-manifest.json and an alt text that says what the picture',
  'shows, for people who cannot see it (empty only for a purely decorative picture).',
]

/** Comments written into each YAML file: at the top, and before some fields (dotted paths). */
export const FILE_COMMENTS: Partial<
  Record<SingletonKey, { top: string[]; fields?: Record<string, string[]> }>
> = {
  settings: {
    top: [
      'Site settings: the contact details and outside links shown across the site.',
      'A PUBLIC_* variable set when the site is built overrides the value here',
      '(PUBLIC_PHONE, PUBLIC_EMAIL, PUBLIC_FACEBOOK_URL, …; see docs/content.md).',
    ],
    fields: {
      partners: ['The website of each partner whose logo is on the About page, by logo id.'],
    },
  },
  site: {
    top: [
      'The brand, the header navigation and the footer, on every page.',
      'Phone, e-mail and social links are in settings.yaml.',
    ],
    fields: {
      navItems: ['Header navigation, in order. "My Module" (members) is inserted after About Us.'],
    },
  },
  'page/home': {
    top: ['The home page (/).', ...COMMON_NOTE],
    fields: {
      'changemakers.cards': [
        'Exactly 4 cards. article: the slug of their profile in articles/, when there is one.',
      ],
      'documentaries.blocks': [
        'Exactly 4 films. video and poster are media ids (the clip and its still);',
        'images: exactly 6 stills; videoLeft puts the clip on the left on wide screens.',
      ],
      'categories.cards': ['Exactly 4 cards.'],
      'testimonials.items': ['Exactly 3 testimonials.'],
    },
  },
  'page/about': {
    top: ['The About page (/about).', ...COMMON_NOTE],
    fields: { sections: ['Listen, Learn and Lead, shown as three alternating sections.'] },
  },
  'page/articles': {
    top: [
      'The Articles page (/articles): its introduction and the three series the articles are',
      'grouped in. An article names its series in its front matter (series: art-advocacy).',
    ],
  },
  'page/contact': { top: ['The Contact page (/contact), beside the contact form.'] },
  'page/privacy': {
    top: [
      'The privacy notice (/privacy): what the contact form and the newsletter keep, why, for how',
      'long, who sees it and how to leave or be forgotten. The deletion request address is the',
      'e-mail of settings.yaml, added by the page itself. Keep this text in step with the',
      "server's retention settings (docs/configuration.md) when they change.",
    ],
  },
  [SHOW_KEY]: {
    top: [
      'The Daily Commons: the show’s settings, for /listen and its feed (docs/podcast.md).',
      'artwork: a square JPEG or PNG beside this file, 1400 to 3000 pixels a side.',
      'category: one of Apple Podcasts’ categories (and one of its subcategories).',
      'Optional: follow (applePodcasts, spotify, youtube: https addresses, each shown on /listen',
      'only when set) and funding ({ url, text }: a donation page, the feed’s podcast:funding).',
    ],
  },
  'page/consent': {
    top: [
      'The small pages around the two forms: the newsletter’s confirm and unsubscribe pages (each',
      'one button that posts), and the pages a visitor is sent to after a form was posted without',
      'JavaScript or a link from one of our mails was used. Keyed by the page’s path; the paths',
      'are listed in app/page-paths.ts. None of them is in the sitemap.',
      'kind: notice (text and links), form (one button) or not-sent (the form’s rules).',
      'In a rule, {max} is replaced by the field’s length limit.',
    ],
  },
}
