/**
 * The repository's formats for content: what `npm run content -- export` writes and what the build
 * and `import` read. Page copy and settings are YAML (with comments that help a person editing
 * the file by hand), the media manifest is JSON (as `npm run media` writes it), an article is
 * Markdown with YAML front matter. Writing is deterministic: the same content always gives the
 * same bytes, so an export of unchanged content is identical to the repository's files.
 */
import { Document, isMap, isScalar, parseDocument, type Pair, type YAMLMap } from 'yaml'
import { episodeKey, SHOW_KEY, type FileSources } from './episodes.ts'
import { sha256Hex, sniffArtwork, sniffAudio } from './podcast-files.ts'
import type { EpisodeDocument, ShowDocument } from './podcast.ts'
import { FILE_COMMENTS } from './file-comments.ts'
import { ContentError, type ContentProblem } from './problems.ts'
import {
  SINGLETONS,
  articleKey,
  snapshotDocuments,
  snapshotFromDocuments,
  type ContentDocument,
  type ContentSnapshot,
  type SingletonKey,
  type SlugRedirect,
} from './snapshot.ts'

/** The file of each document that exists once, relative to the content folder. */
export const SINGLETON_FILES = {
  settings: 'settings.yaml',
  site: 'site.yaml',
  'page/home': 'home.yaml',
  'page/about': 'about.yaml',
  'page/articles': 'articles-page.yaml',
  'page/contact': 'contact-page.yaml',
  'page/privacy': 'privacy.yaml',
  'page/consent': 'consent-pages.yaml',
  media: 'media-manifest.json',
  [SHOW_KEY]: 'podcast/show.yaml',
} as const satisfies Record<SingletonKey, string>

export const ARTICLES_FOLDER = 'articles'
/** The show's files (show.yaml and its artwork) and, in episodes/, each episode's. */
export const PODCAST_FOLDER = 'podcast'
export const EPISODES_FOLDER = 'podcast/episodes'
/** Files read as bytes, not text: the audio and the artwork. */
export const BINARY_EXTENSIONS: ReadonlySet<string> = new Set([
  'mp3',
  'm4a',
  'mp4',
  'aac',
  'jpg',
  'jpeg',
  'png',
])
export const isBinaryFile = (path: string) =>
  BINARY_EXTENSIONS.has(path.slice(path.lastIndexOf('.') + 1).toLowerCase())
/** Former article slugs (written only when there are some). */
export const REDIRECTS_FILE = 'redirects.yaml'

const comment = (lines: readonly string[]) => lines.map((line) => ` ${line}`).join('\n')

function yamlText(
  data: unknown,
  comments?: { top: string[]; fields?: Record<string, string[]> },
  options: { sections?: boolean } = {},
) {
  const document = new Document(data)
  if (comments) document.commentBefore = comment(comments.top)
  const root = document.contents
  if (isMap(root)) {
    // A blank line around each top-level section, for a person scrolling a long file.
    if (options.sections !== false)
      root.items.forEach((pair, i) => {
        const previous = root.items[i - 1]
        if (previous && isScalar(pair.key) && !(isScalar(pair.value) && isScalar(previous.value)))
          pair.key.spaceBefore = true
      })
    for (const [path, lines] of Object.entries(comments?.fields ?? {})) {
      const segments = path.split('.')
      const key = segments.pop()!
      const map = segments.length > 0 ? document.getIn(segments, true) : root
      const pair = isMap(map)
        ? (map as YAMLMap).items.find((item: Pair) => isScalar(item.key) && item.key.value === key)
        : undefined
      if (!pair || !isScalar(pair.key)) throw new Error(`No field ${path} to comment on`)
      pair.key.commentBefore = comment(lines)
    }
  }
  return document.toString({ lineWidth: 0, singleQuote: true })
}

/** The fields of a document that its file holds: all but what its files are (`files`). */
function withoutFiles(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data
  const { files: _files, ...fields } = data as Record<string, unknown>
  return fields
}

const markdownFile = (data: unknown, body: string | null) =>
  `---\n${yamlText(data, undefined, { sections: false })}---\n\n${body ?? ''}`

/** One document as a file: its path in the content folder and its text. */
export function documentFile(document: ContentDocument): { path: string; text: string } {
  if (document.kind === 'article')
    return {
      path: `${ARTICLES_FOLDER}/${document.slug}.md`,
      text: markdownFile(document.data, document.body),
    }
  if (document.kind === 'episode')
    return {
      path: `${EPISODES_FOLDER}/${document.slug}.md`,
      text: markdownFile(withoutFiles(document.data), document.body),
    }
  const key = document.key as SingletonKey
  const path = SINGLETON_FILES[key]
  if (path.endsWith('.json')) return { path, text: `${JSON.stringify(document.data, null, 2)}\n` }
  return { path, text: yamlText(withoutFiles(document.data), FILE_COMMENTS[key]) }
}

/** A stored file an export writes from the media library: what it is, by its SHA-256. */
export interface StoredAttachment {
  path: string
  sha256: string
  size: number
}

/**
 * The files beside a document: the show's artwork; an episode's audio (stored, by SHA-256), its
 * transcript and its chapters (text, as written).
 */
export function documentAttachments(document: ContentDocument): {
  texts: { path: string; text: string }[]
  stored: StoredAttachment[]
} {
  if (document.kind === 'podcast') {
    const show = document.data as ShowDocument
    const { sha256, size } = show.files.artwork
    return { texts: [], stored: [{ path: `${PODCAST_FOLDER}/${show.artwork}`, sha256, size }] }
  }
  if (document.kind !== 'episode') return { texts: [], stored: [] }
  const episode = document.data as EpisodeDocument
  const { sha256, size } = episode.files.audio
  const texts = [
    { path: `${EPISODES_FOLDER}/${episode.transcript}`, text: episode.files.transcript },
  ]
  if (episode.chapters !== undefined && episode.files.chapters !== undefined)
    texts.push({ path: `${EPISODES_FOLDER}/${episode.chapters}`, text: episode.files.chapters })
  return { texts, stored: [{ path: `${EPISODES_FOLDER}/${episode.audio}`, sha256, size }] }
}

/** The stored files of a snapshot (the audio and the artwork), by path. */
export function snapshotStoredFiles(snapshot: ContentSnapshot): StoredAttachment[] {
  return snapshotDocuments(snapshot).flatMap((document) => documentAttachments(document).stored)
}

/** Every text file of a snapshot, by path (what an export writes, beside its stored files). */
export function snapshotFiles(snapshot: ContentSnapshot): Map<string, string> {
  const files = new Map<string, string>()
  for (const document of snapshotDocuments(snapshot)) {
    const { path, text } = documentFile(document)
    files.set(path, text)
    for (const attachment of documentAttachments(document).texts)
      files.set(attachment.path, attachment.text)
  }
  if (snapshot.redirects.length > 0)
    files.set(
      REDIRECTS_FILE,
      yamlText(
        snapshot.redirects.map(({ from, to }) => ({ from, to })),
        {
          top: [
            'Former article slugs: /articles/<from> answers with a permanent redirect to',
            '/articles/<to>. Written by the back office when an article’s slug changes.',
          ],
        },
      ),
    )
  return files
}

interface ParsedFile {
  document?: ContentDocument
  redirects?: SlugRedirect[]
  /** An episode's transcript or chapters: read when an episode names it. */
  attachment?: true
  /** Lines of the file before an article's body: body line 1 is file line bodyOffset + 1. */
  bodyOffset?: number
  problems: ContentProblem[]
}

function parseYaml(text: string, source: string, lineOffset = 0): ParsedFile & { data?: unknown } {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true })
  if (document.errors.length > 0)
    return {
      problems: document.errors.map((error) => ({
        source,
        line: (error.linePos?.[0].line ?? 1) + lineOffset,
        column: error.linePos?.[0].col ?? 1,
        message: `this is not valid YAML (${error.message.split('\n', 1)[0]})`,
      })),
    }
  return { data: document.toJS(), problems: [] }
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m

function parseMarkdownDocument(
  kind: 'article' | 'episode',
  slug: string,
  text: string,
  source: string,
): ParsedFile {
  const match = FRONT_MATTER.exec(text)
  if (!match || match.index !== 0)
    return {
      problems: [
        {
          source,
          line: 1,
          column: 1,
          message: `${kind === 'article' ? 'an article' : 'an episode'} starts with a --- front matter block`,
        },
      ],
    }
  const yaml = parseYaml(match[1] ?? '', source, 1)
  if (yaml.problems.length > 0) return yaml
  const rest = text.slice(match[0].length)
  const blank = /^(?:[ \t]*\r?\n)*/.exec(rest)![0]
  const headerLines = match[0].split('\n').length - 1 + blank.split('\n').length - 1
  const key = kind === 'article' ? articleKey(slug) : episodeKey(slug)
  return {
    document: { key, kind, slug, data: yaml.data, body: rest },
    bodyOffset: headerLines,
    problems: [],
  }
}

const EPISODE_FILE = new RegExp(`^${EPISODES_FOLDER}/([^/]+)\\.md$`)
const EPISODE_ATTACHMENT = new RegExp(`^${EPISODES_FOLDER}/[^/]+\\.(?:vtt|txt|json)$`)

/** Reads one file of the content folder; `path` is relative to it ("home.yaml", "articles/x.md"). */
export function parseContentFile(path: string, text: string, source: string): ParsedFile {
  if (path === REDIRECTS_FILE) {
    const yaml = parseYaml(text, source)
    if (yaml.problems.length > 0) return yaml
    const list = yaml.data ?? []
    const valid =
      Array.isArray(list) &&
      list.every(
        (item: unknown) =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as SlugRedirect).from === 'string' &&
          typeof (item as SlugRedirect).to === 'string' &&
          Object.keys(item).length === 2,
      )
    if (!valid)
      return {
        problems: [{ source, message: 'must be a list of entries with from: and to: slugs' }],
      }
    return { redirects: list as SlugRedirect[], problems: [] }
  }
  const article = new RegExp(`^${ARTICLES_FOLDER}/([^/]+)\\.md$`).exec(path)
  if (article) return parseMarkdownDocument('article', article[1]!, text, source)
  const episode = EPISODE_FILE.exec(path)
  if (episode) return parseMarkdownDocument('episode', episode[1]!, text, source)
  if (EPISODE_ATTACHMENT.test(path)) return { attachment: true, problems: [] }
  const key = (Object.keys(SINGLETON_FILES) as SingletonKey[]).find(
    (k) => SINGLETON_FILES[k] === path,
  )
  if (!key)
    return {
      problems: [
        {
          source,
          message: 'not a content file this site reads (content/README.md lists them)',
        },
      ],
    }
  const { kind } = SINGLETONS[key]
  if (path.endsWith('.json')) {
    try {
      return {
        document: { key, kind, slug: null, data: JSON.parse(text), body: null },
        problems: [],
      }
    } catch (error) {
      return {
        problems: [{ source, message: `this is not valid JSON (${(error as Error).message})` }],
      }
    }
  }
  const yaml = parseYaml(text, source)
  if (yaml.problems.length > 0) return yaml
  return { document: { key, kind, slug: null, data: yaml.data, body: null }, problems: [] }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Adds to the show's and each episode's data what their files are (`files`), from the files of
 * the folder: the artwork's and the audio's facts from their bytes, the transcript's and the
 * chapters' text. A file named but missing, or not what it should be, is a problem of that file.
 */
function attachFiles(
  documents: ContentDocument[],
  texts: ReadonlyMap<string, string>,
  stored: ReadonlyMap<string, Uint8Array>,
  label: (path: string) => string,
): { problems: ContentProblem[]; used: Set<string> } {
  const problems: ContentProblem[] = []
  const used = new Set<string>()
  const name = (data: Record<string, unknown>, field: string) =>
    typeof data[field] === 'string' && /^[^/\\]+$/.test(data[field]) ? data[field] : undefined
  const missing = (path: string, what: string) =>
    problems.push({ source: label(path), message: `is missing: it is the ${what}` })
  for (const document of documents) {
    if (!isRecord(document.data)) continue
    const data = document.data
    if (document.kind === 'podcast') {
      const artwork = name(data, 'artwork')
      if (!artwork) continue
      const path = `${PODCAST_FOLDER}/${artwork}`
      const bytes = stored.get(path)
      used.add(path)
      if (!bytes) {
        missing(path, 'show’s artwork (show.yaml, artwork)')
        continue
      }
      const picture = sniffArtwork(bytes)
      if (!picture) {
        problems.push({ source: label(path), message: 'is not a JPEG or a PNG picture' })
        continue
      }
      document.data = {
        ...data,
        files: { artwork: { sha256: sha256Hex(bytes), size: bytes.length, ...picture } },
      }
    }
    if (document.kind === 'episode') {
      const files: Record<string, unknown> = {}
      const audio = name(data, 'audio')
      if (audio) {
        const path = `${EPISODES_FOLDER}/${audio}`
        const bytes = stored.get(path)
        used.add(path)
        const mime = bytes && sniffAudio(bytes)
        if (!bytes) missing(path, `audio of ${document.slug}.md`)
        else if (!mime)
          problems.push({
            source: label(path),
            message:
              'is not MP3 or M4A audio (its first bytes are not an MP3 frame or an MP4 header)',
          })
        else files['audio'] = { sha256: sha256Hex(bytes), size: bytes.length, mime }
      }
      for (const field of ['transcript', 'chapters'] as const) {
        const file = name(data, field)
        if (!file) continue
        const path = `${EPISODES_FOLDER}/${file}`
        const text = texts.get(path)
        used.add(path)
        if (text === undefined) missing(path, `${field} of ${document.slug}.md`)
        else files[field] = text
      }
      if (!files['audio'] || files['transcript'] === undefined) continue
      document.data = { ...data, files }
    }
  }
  return { problems, used }
}

/**
 * A snapshot from the files of a content folder (path relative to it -> text; the audio and the
 * artwork as bytes in `stored`). `label` names a file in messages, e.g. "content/home.yaml".
 * Throws a ContentError listing every problem.
 */
export function snapshotFromFiles(
  files: ReadonlyMap<string, string>,
  label: (path: string) => string = (path) => path,
  stored: ReadonlyMap<string, Uint8Array> = new Map(),
): ContentSnapshot {
  const problems: ContentProblem[] = []
  const documents: ContentDocument[] = []
  const redirects: SlugRedirect[] = []
  const offsets = new Map<string, number>()
  const paths = new Map<string, string>()
  const attachments: string[] = []
  for (const [path, text] of files) {
    const parsed = parseContentFile(path, text, label(path))
    problems.push(...parsed.problems)
    if (parsed.redirects) redirects.push(...parsed.redirects)
    if (parsed.attachment) attachments.push(path)
    if (parsed.document) {
      documents.push(parsed.document)
      paths.set(parsed.document.key, path)
      if (parsed.bodyOffset !== undefined) offsets.set(parsed.document.key, parsed.bodyOffset)
    }
  }
  const attached = attachFiles(documents, files, stored, label)
  problems.push(...attached.problems)
  for (const path of [...attachments, ...stored.keys()])
    if (!attached.used.has(path))
      problems.push({
        source: label(path),
        message: path.startsWith(`${PODCAST_FOLDER}/`)
          ? 'no episode or show names this file (a leftover, or a misspelt name in the front matter?)'
          : 'not a content file this site reads (content/README.md lists them)',
      })
  if (problems.length > 0) throw new ContentError(problems)
  const fileOf = (document: Pick<ContentDocument, 'key' | 'kind' | 'slug'>) =>
    label(
      paths.get(document.key) ??
        (document.kind === 'article'
          ? `${ARTICLES_FOLDER}/${document.slug}.md`
          : document.kind === 'episode'
            ? `${EPISODES_FOLDER}/${document.slug}.md`
            : SINGLETON_FILES[document.key as SingletonKey]),
    )
  const fileSource = (): FileSources => (fileName) => ({
    source: label(`${EPISODES_FOLDER}/${fileName}`),
  })
  return snapshotFromDocuments(documents, {
    redirects,
    source: fileOf,
    bodyOffset: (document) => offsets.get(document.key) ?? 0,
    redirectsSource: label(REDIRECTS_FILE),
    fileSource,
  })
}
