/**
 * Which link addresses a writer may use: the site's rule (`unsafeUrlReason`: http(s), mailto:,
 * tel:, a path or an #anchor), said as a person fixes it. Stricter than the site in one way: an
 * address without a scheme must start with "/" or "#", so "www.example.org" (which a browser
 * would read as a page of this site) gets a hint instead of a broken link.
 */
import { unsafeUrlReason } from '#common/content/markdown-syntax.ts'

/** Why this address cannot be a link, said for the writer; undefined when it can. */
export function linkProblem(address: string): string | undefined {
  const url = address.trim()
  if (!url) return 'Enter the address the link goes to.'
  if (unsafeUrlReason(url))
    return 'A link may go to a web address (https://…), an e-mail (mailto:…), a phone number (tel:…) or a page of this site (/…). This kind of address is not allowed.'
  if (/^(https?:\/\/[^\s/?#]+|mailto:[^\s]+|tel:[^\s]+)/i.test(url) && !/\s/.test(url))
    return undefined
  if (/^[a-z][a-z0-9+.-]*:/i.test(url))
    return 'Write the whole address, such as https://www.example.org, mailto:name@example.org or tel:+18165550142.'
  if (/^[/#]/.test(url) && !url.startsWith('//') && !/\s/.test(url)) return undefined
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(url))
    return `For an e-mail address, write mailto:${url}.`
  if (/^[^\s/]+\.[a-z]{2,}(\/\S*)?$/i.test(url))
    return `Start a web address with https://, as in https://${url}.`
  return 'Start the address with https://, mailto:, tel: or / (a page of this site), without spaces.'
}
