/**
 * The small field types every content schema is made of. Objects are strict: a misspelt field in
 * a data file is reported ("unknown field") rather than silently ignored.
 */
import { z } from 'zod'
import { isSitePath } from '#common/site-path.ts'

export const nonEmpty = z.string().trim().min(1, 'must not be empty')

/** One or more paragraphs of plain text. */
export const paragraphs = z.array(nonEmpty).min(1, 'needs at least one paragraph')

/** A media id from the media manifest, e.g. "people/marisol-vega". */
export const mediaId = z
  .string()
  .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be a media id such as "people/marisol-vega"')

/** A picture from the media manifest with its text alternative (empty for a decorative one). */
export const picture = z.strictObject({ image: mediaId, alt: z.string().trim() })
export type Picture = z.infer<typeof picture>

export const httpUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'must be an absolute http(s) URL')
  .refine((value) => URL.canParse(value), 'must be an absolute http(s) URL')

/**
 * Internal paths start with one "/" and stay on the site (isSitePath: no backslash, whitespace or
 * control character, which browsers read as another host); external links are absolute http(s),
 * mailto: or tel: URLs.
 */
export const href = z
  .string()
  .refine(
    (v) => isSitePath(v) || /^https?:\/\/[^\s\\]+$/.test(v) || /^(mailto|tel):[^\s]+$/.test(v),
    {
      message:
        'must be a path on this site starting with one "/" (no backslash or spaces), or an absolute http(s), mailto: or tel: URL',
    },
  )

export const navItem = z.strictObject({ to: href, label: nonEmpty })
export type NavItem = z.infer<typeof navItem>
