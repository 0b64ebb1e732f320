/**
 * Loads and validates site content at build time (route loaders run during prerendering). A bad
 * entry throws an error naming the file and the field, which fails the build.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { ZodType } from 'zod'
import { about } from '#content/about.ts'
import { articlesPage } from '#content/articles-page.ts'
import { consentPages } from '#content/consent-pages.ts'
import { contactPage } from '#content/contact-page.ts'
import { home } from '#content/home.ts'
import { privacyPage } from '#content/privacy.ts'
import * as schema from '#content/schema.ts'
import type { ImageSource, LogoSource, VideoSource } from './media.ts'

// Resolved from the project root: the build runs there, and this module is bundled elsewhere.
export const CONTENT_DIR = path.resolve('content')

/** Formats a zod failure as "file: field message" lines people can act on. */
export function describeContentError(
  file: string,
  issues: { path: PropertyKey[]; message: string }[],
) {
  const lines = issues.map(
    (issue) => `  ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
  )
  return `Invalid content in ${file}:\n${lines.join('\n')}`
}

export function parseContent<T>(file: string, schemaOf: ZodType<T>, value: unknown): T {
  const result = schemaOf.safeParse(value)
  if (!result.success) throw new Error(describeContentError(file, result.error.issues))
  return result.data
}

let manifestCache: schema.MediaManifest | undefined
export function mediaManifest(): schema.MediaManifest {
  if (!manifestCache) {
    const file = path.join(CONTENT_DIR, 'media-manifest.json')
    manifestCache = parseContent(
      'content/media-manifest.json',
      schema.mediaManifest,
      JSON.parse(fs.readFileSync(file, 'utf8')),
    )
  }
  return manifestCache
}

/** A manifest image's generated widths, the fallback width among them, and a variant's URL. */
function imageVariants(id: string, referencedFrom: string) {
  const entry = mediaManifest().images[id]
  if (!entry) {
    throw new Error(
      `Invalid content in ${referencedFrom}: image "${id}" is not in content/media-manifest.json (run "npm run media")`,
    )
  }
  const widths = [...entry.widths].sort((a, b) => a - b)
  const fallbackWidth = widths[Math.floor((widths.length - 1) / 2)] ?? entry.width
  const url = (w: number, ext: 'avif' | 'webp') => `/media/${id}-${w}.${ext}`
  return { entry, widths, fallbackWidth, url }
}

/** Resolves a media id to the srcsets of its generated variants. */
export function resolveImage(picture: schema.Picture, referencedFrom: string): ImageSource {
  const { entry, widths, fallbackWidth, url } = imageVariants(picture.image, referencedFrom)
  return {
    src: url(fallbackWidth, 'webp'),
    avifSrcSet: widths.map((w) => `${url(w, 'avif')} ${w}w`).join(', '),
    webpSrcSet: widths.map((w) => `${url(w, 'webp')} ${w}w`).join(', '),
    width: entry.width,
    height: entry.height,
    color: entry.color,
    alt: picture.alt,
  }
}

export function resolveVideo(id: string, referencedFrom: string, posterAlt = ''): VideoSource {
  const entry = mediaManifest().videos[id]
  if (!entry)
    throw new Error(
      `Invalid content in ${referencedFrom}: video "${id}" is not in content/media-manifest.json`,
    )
  const poster = imageVariants(entry.poster, referencedFrom)
  return {
    mp4: entry.mp4,
    webm: entry.webm,
    width: entry.width,
    height: entry.height,
    poster: resolveImage({ image: entry.poster, alt: posterAlt }, referencedFrom),
    posterAvif: poster.url(poster.fallbackWidth, 'avif'),
  }
}

export function awards(): LogoSource[] {
  return mediaManifest().awards.map(({ src, name, width, height }) => ({
    src,
    name,
    width,
    height,
  }))
}

export function partners(): (LogoSource & { id: string })[] {
  return mediaManifest().partners.map(({ id, src, name, width, height }) => ({
    id,
    src,
    name,
    width,
    height,
  }))
}

export function ogImage(key: string): string {
  const og = mediaManifest().og
  return og[key] ?? og['default'] ?? '/media/og/default.jpg'
}

export const getHome = () => parseContent('content/home.ts', schema.home, home)
export const getAbout = () => parseContent('content/about.ts', schema.about, about)
export const getArticlesPage = () =>
  parseContent('content/articles-page.ts', schema.articlesPage, articlesPage)
export const getContactPage = () =>
  parseContent('content/contact-page.ts', schema.contactPage, contactPage)
export const getPrivacyPage = () =>
  parseContent('content/privacy.ts', schema.privacyPage, privacyPage)

/** The copy of one of the small pages around the forms; a path without copy fails the build. */
export function getConsentPage(path: string): schema.ConsentPageContent {
  const pages = parseContent('content/consent-pages.ts', schema.consentPages, consentPages)
  const page = pages[path]
  if (!page) throw new Error(`Invalid content in content/consent-pages.ts: no page for "${path}"`)
  return page
}
