/**
 * A letter's Markdown body for e-mail: the articles' Markdown (common/content/markdown.ts, the
 * same checks and sanitiser), turned into React elements styled inline, since many mail clients
 * drop a <style> block, and into the plain-text part. Pictures become one <img> with an absolute
 * address (mail has no <picture>: the WebP of a middle width) and keep their alt text; links keep
 * the address the writer typed (no tracking redirect).
 */
import type { Element, ElementContent, Root } from 'hast'
import { createElement, type CSSProperties, type ReactNode } from 'react'
import { renderMarkdownTree } from '#common/content/markdown.ts'
import { imageSource, type MediaManifest } from '#common/content/media.ts'

export const INK = '#1f2328'
export const MUTED = '#57606a'
export const ACCENT = '#9a3412'
const FONT = "Georgia, 'Times New Roman', serif"
const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"

const STYLES: Record<string, CSSProperties> = {
  p: { margin: '0 0 16px', fontFamily: FONT, fontSize: '18px', lineHeight: '28px', color: INK },
  h2: { margin: '32px 0 12px', fontFamily: SANS, fontSize: '22px', lineHeight: '28px', color: INK },
  h3: { margin: '24px 0 8px', fontFamily: SANS, fontSize: '19px', lineHeight: '26px', color: INK },
  h4: { margin: '20px 0 8px', fontFamily: SANS, fontSize: '17px', lineHeight: '24px', color: INK },
  a: { color: ACCENT, textDecoration: 'underline' },
  ul: { margin: '0 0 16px', paddingLeft: '24px', fontFamily: FONT, fontSize: '18px', color: INK },
  ol: { margin: '0 0 16px', paddingLeft: '24px', fontFamily: FONT, fontSize: '18px', color: INK },
  li: { margin: '0 0 8px', lineHeight: '28px' },
  blockquote: {
    margin: '0 0 16px',
    padding: '0 0 0 16px',
    borderLeft: `4px solid ${ACCENT}`,
    color: MUTED,
  },
  hr: { border: 'none', borderTop: '1px solid #d0d7de', margin: '24px 0' },
  code: { fontFamily: 'Menlo, Consolas, monospace', fontSize: '15px' },
  pre: { margin: '0 0 16px', whiteSpace: 'pre-wrap', fontSize: '15px' },
  table: { borderCollapse: 'collapse', margin: '0 0 16px', fontFamily: SANS, fontSize: '15px' },
  th: { border: '1px solid #d0d7de', padding: '6px 8px', textAlign: 'left' },
  td: { border: '1px solid #d0d7de', padding: '6px 8px' },
  figure: { margin: '0 0 20px' },
  figcaption: {
    margin: '8px 0 0',
    fontFamily: SANS,
    fontSize: '14px',
    lineHeight: '20px',
    color: MUTED,
  },
  img: {
    display: 'block',
    width: '100%',
    maxWidth: '552px',
    height: 'auto',
    border: '0',
    outline: 'none',
  },
}

/** Elements that carry nothing into mail: task-list boxes, a <picture>'s <source>s. */
const DROPPED = new Set(['input', 'source'])

export interface LetterBodyOptions {
  media: MediaManifest
  /** The site's address: pictures and relative links become absolute. */
  siteUrl: string
}

/** Parses and checks a body (throws MarkdownError, naming each problem, for one it refuses). */
export function letterTree(body: string, options: LetterBodyOptions): Root {
  return renderMarkdownTree(body, {
    imageExists: (id) => id in options.media.images,
    image: (id, alt) => imageSource(options.media, id, alt),
  })
}

function absolute(href: string, siteUrl: string): string {
  if (/^(?:https?:|mailto:|tel:)/i.test(href)) return href
  return new URL(href, siteUrl).toString()
}

/** The tree as React elements for @react-email's document (server/newsletter/letter-mail.ts). */
export function letterElements(tree: Root, options: LetterBodyOptions): ReactNode[] {
  let key = 0
  const convert = (node: ElementContent): ReactNode => {
    if (node.type === 'text') return node.value
    if (node.type !== 'element' || DROPPED.has(node.tagName)) return null
    const children = node.children.map(convert)
    const { tagName } = node
    if (tagName === 'picture') return pictureImage(node, options, ++key)
    if (tagName === 'a') {
      const href = absolute(String(node.properties['href'] ?? ''), options.siteUrl)
      return createElement('a', { key: ++key, href, style: STYLES.a }, ...children)
    }
    const props: Record<string, unknown> = { key: ++key, style: STYLES[tagName] }
    if (tagName === 'ol' && node.properties['start'] !== undefined)
      props['start'] = node.properties['start']
    return createElement(tagName, props, ...children)
  }
  return tree.children.map((child) => convert(child as ElementContent))
}

function pictureImage(picture: Element, options: LetterBodyOptions, key: number): ReactNode {
  const img = picture.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'img',
  )
  if (!img) return null
  const { src, alt, width, height } = img.properties
  return createElement('img', {
    key,
    src: absolute(String(src), options.siteUrl),
    alt: String(alt ?? ''),
    width: 552,
    height: Math.round((552 * Number(height)) / Number(width)),
    style: STYLES.img,
  })
}

/** The tree as the plain-text part: paragraphs, "# " headings, "- " lists, links after their words. */
export function letterText(tree: Root, options: LetterBodyOptions): string {
  const blocks: string[] = []
  const inline = (node: ElementContent): string => {
    if (node.type === 'text') return node.value
    if (node.type !== 'element' || DROPPED.has(node.tagName)) return ''
    const words = node.children.map(inline).join('')
    if (node.tagName === 'a') {
      const href = absolute(String(node.properties['href'] ?? ''), options.siteUrl)
      return words === href || `mailto:${words}` === href ? href : `${words} (${href})`
    }
    if (node.tagName === 'br') return '\n'
    if (node.tagName === 'img') return `[${String(node.properties['alt'] ?? '')}]`
    return words
  }
  const block = (node: ElementContent, indent = '') => {
    if (node.type !== 'element') return
    const tag = node.tagName
    if (/^h[2-6]$/.test(tag)) blocks.push(`${'#'.repeat(Number(tag[1]) - 1)} ${inline(node)}`)
    else if (tag === 'ul' || tag === 'ol') {
      const items = node.children.filter((item) => item.type === 'element')
      const lines = items.map((item, index) => {
        const mark = tag === 'ol' ? `${index + 1}.` : '-'
        return `${indent}${mark} ${inline(item).trim().replace(/\n+/g, ' ')}`
      })
      blocks.push(lines.join('\n'))
    } else if (tag === 'blockquote') for (const child of node.children) block(child, '> ')
    else if (tag === 'hr') blocks.push('----')
    else if (tag === 'figure') blocks.push(node.children.map(inline).join('\n').trim())
    else if (tag === 'section' || tag === 'table') blocks.push(inline(node).trim())
    else blocks.push(`${indent}${inline(node).trim()}`)
  }
  for (const child of tree.children) block(child as ElementContent)
  return blocks.filter((text) => text.length > 0).join('\n\n')
}
