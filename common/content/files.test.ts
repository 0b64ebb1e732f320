import { describe, expect, it } from 'vitest'
import { listContentFiles, listStoredFiles, readContentDir } from './content-dir.ts'
import { snapshotFiles, snapshotFromFiles, snapshotStoredFiles } from './files.ts'
import { sha256Hex } from './podcast-files.ts'
import { ContentError } from './problems.ts'

const files = listContentFiles('content')
const stored = listStoredFiles('content')
const label = (path: string) => `content/${path}`

/** The sample's files with one file changed. */
function withFile(path: string, change: (text: string) => string) {
  const changed = new Map(files)
  changed.set(path, change(files.get(path) ?? ''))
  return changed
}

function problemsOf(
  changed: Map<string, string>,
  changedStored: ReadonlyMap<string, Uint8Array> = stored,
): string {
  try {
    snapshotFromFiles(changed, label, changedStored)
  } catch (error) {
    if (error instanceof ContentError) return error.message
    throw error
  }
  throw new Error('the content was accepted')
}

describe('the repository’s content folder', () => {
  it('is written exactly as an export writes it, so an export of unchanged content is identical', () => {
    const snapshot = readContentDir('content')
    const written = snapshotFiles(snapshot)
    expect([...written.keys()].sort()).toEqual([...files.keys()].sort())
    for (const [path, text] of written) expect(text, path).toBe(files.get(path))
    // The audio and the artwork: named by their bytes, which an export takes from storage.
    const binaries = snapshotStoredFiles(snapshot)
    expect(binaries.map((file) => file.path).sort()).toEqual([...stored.keys()].sort())
    for (const file of binaries) {
      expect(file.sha256, file.path).toBe(sha256Hex(stored.get(file.path)!))
      expect(file.size, file.path).toBe(stored.get(file.path)!.length)
    }
  })

  it('reads back what it writes, redirects included', () => {
    const snapshot = readContentDir('content')
    const withRedirect = {
      ...snapshot,
      redirects: [{ from: 'marisol-vega-muralist', to: snapshot.articles[0]!.slug }],
    }
    const written = snapshotFiles(withRedirect)
    expect(written.get('redirects.yaml')).toMatch(/^# Former article slugs/)
    expect(snapshotFromFiles(written, undefined, stored)).toEqual(withRedirect)
  })
})

describe('content that cannot be published', () => {
  it('names the file and the field of a schema problem', () => {
    const message = problemsOf(
      withFile('home.yaml', (text) =>
        text.replace(/(- videoLeft|videoLeft: )/, 'heding: Films\n      $1'),
      ),
    )
    expect(message).toMatch(
      /^Invalid content in content\/home\.yaml:\n {2}documentaries\.blocks\.0\.heding: unknown field/,
    )
  })

  it('names a rule broken inside a list', () => {
    const message = problemsOf(
      withFile('home.yaml', (text) =>
        text.replace(/(\n {6}images:\n) {8}- image: .*\n {10}alt: .*\n/, '$1'),
      ),
    )
    expect(message).toBe(
      'Invalid content in content/home.yaml:\n  documentaries.blocks.0.images: a documentary block shows exactly 6 images',
    )
  })

  it('gives the line of a YAML mistake', () => {
    const message = problemsOf(
      withFile('site.yaml', (text) => text.replace('  name: DocuCommons', '  name: [DocuCommons')),
    )
    expect(message).toMatch(
      /^Invalid content in content\/site\.yaml:\n {2}line \d+, column \d+: this is not valid YAML/,
    )
  })

  it('names an article’s file and front matter field', () => {
    const message = problemsOf(
      withFile('articles/marisol-vega.md', (text) =>
        text.replace(/^series: .*$/m, 'series: poetry'),
      ),
    )
    expect(message).toMatch(
      /^Invalid content in content\/articles\/marisol-vega\.md:\n {2}series: /,
    )
  })

  it('gives a body problem the line of the file, front matter included', () => {
    const changed = withFile('articles/marisol-vega.md', (text) =>
      text.replace(/\n---\n\n/, '\n---\n\nFirst.\n\n<script>alert(1)</script>\n\n'),
    )
    const line = changed
      .get('articles/marisol-vega.md')!
      .split('\n')
      .indexOf('<script>alert(1)</script>')
    expect(problemsOf(changed)).toContain(
      `content/articles/marisol-vega.md:\n  body, line ${line + 1}, column 1: raw HTML is not allowed`,
    )
  })

  it('refuses a picture the media library does not have, by field', () => {
    const message = problemsOf(
      withFile('about.yaml', (text) =>
        text.replace('image: about/gain-insight', 'image: about/nope'),
      ),
    )
    expect(message).toContain(
      'content/about.yaml:\n  gainInsight.image.image: there is no picture "about/nope"',
    )
  })

  it('refuses a changemaker card that links to no article', () => {
    const message = problemsOf(
      withFile('home.yaml', (text) => text.replace('article: marisol-vega', 'article: nobody')),
    )
    expect(message).toMatch(/changemakers\.cards\.\d\.article: there is no article "nobody"/)
  })

  it('names a missing file, an unknown one and a slug that is not allowed', () => {
    const changed = new Map(files)
    changed.delete('privacy.yaml')
    changed.set('hom.yaml', 'hero: {}\n')
    changed.set('articles/Bad_Slug.md', files.get('articles/marisol-vega.md')!)
    const message = problemsOf(changed)
    expect(message).toContain('content/hom.yaml:\n  (whole file): not a content file')
    // The first pass stops at files it cannot read; fix that and the rest are named.
    changed.delete('hom.yaml')
    const next = problemsOf(changed)
    expect(next).toContain('content/privacy.yaml:\n  (whole file): is missing')
    expect(next).toContain('content/articles/Bad_Slug.md:\n  slug: must be lower-case letters')
  })
})

describe('the podcast in a content folder', () => {
  const episode = 'podcast/episodes/the-empty-panel'

  it('names the transcript file and its line when a transcript does not parse', () => {
    const changed = withFile(`${episode}.vtt`, (text) =>
      text.replace('00:00:05.210 -->', '00:00:05,210 -->'),
    )
    const line = changed
      .get(`${episode}.vtt`)!
      .split('\n')
      .findIndex((l) => l.startsWith('00:00:05,210'))
    expect(line).toBeGreaterThan(0)
    expect(problemsOf(changed)).toBe(
      `Invalid content in content/${episode}.vtt:\n  line ${line + 1}, column 1: “00:00:05,210” is not a WebVTT time; write hh:mm:ss.ttt or mm:ss.ttt, such as 00:01:05.250`,
    )
  })

  it('refuses audio that is not audio, and a file the front matter names but the folder lacks', () => {
    const changedStored = new Map(stored)
    changedStored.set(`${episode}.mp3`, Buffer.from('%PDF-1.7 not an episode'))
    expect(problemsOf(files, changedStored)).toBe(
      `Invalid content in content/${episode}.mp3:\n  (whole file): is not MP3 or M4A audio (its first bytes are not an MP3 frame or an MP4 header)`,
    )
    const withoutChapters = new Map(files)
    withoutChapters.delete(`${episode}.chapters.json`)
    expect(problemsOf(withoutChapters)).toBe(
      `Invalid content in content/${episode}.chapters.json:\n  (whole file): is missing: it is the chapters of the-empty-panel.md`,
    )
  })

  it('names a file no episode names', () => {
    const changed = new Map(files)
    changed.set('podcast/episodes/old-episode.vtt', 'WEBVTT\n')
    expect(problemsOf(changed)).toBe(
      'Invalid content in content/podcast/episodes/old-episode.vtt:\n  (whole file): no episode or show names this file (a leftover, or a misspelt name in the front matter?)',
    )
  })

  it('refuses chapters past the end of the audio, and a transcript of another length', () => {
    const late = withFile(`${episode}.chapters.json`, (text) =>
      text.replace(
        /"startTime": [\d.]+, "title": "([^"]+)" \}\n {2}\]/,
        '"startTime": 999, "title": "$1" }\n  ]',
      ),
    )
    expect(problemsOf(late)).toMatch(
      new RegExp(
        `content/${episode}\\.chapters\\.json:\\n {2}\\(whole file\\): the chapter “.+” starts at 999 s, at or after the end of the audio \\(160\\.47 s\\)`,
      ),
    )
    const short = withFile(`${episode}.md`, (text) =>
      text.replace(/^duration: .*$/m, 'duration: 60'),
    )
    expect(problemsOf(short)).toContain(
      'after the end of the audio (60 s): is this the transcript of another episode?',
    )
  })

  it('wants each episode’s number and guid to be its own', () => {
    const changed = withFile(`${episode}.md`, (text) =>
      text.replace(/^number: .*$/m, 'number: 1').replace(/^guid: .*$/m, (line) => line),
    )
    expect(problemsOf(changed)).toMatch(
      /content\/podcast\/episodes\/the-empty-panel\.md:\n {2}number: episode a-fourth-porch-on-the-east-side has the number 1 too/,
    )
  })

  it('wants square artwork of 1400 to 3000 pixels, named as what it is', () => {
    const pngHeader = (width: number, height: number) => {
      const png = Buffer.alloc(33)
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(png)
      png.writeUInt32BE(width, 16)
      png.writeUInt32BE(height, 20)
      return png
    }
    const changedStored = new Map(stored)
    changedStored.set('podcast/artwork.jpg', pngHeader(1200, 800))
    expect(problemsOf(files, changedStored)).toBe(
      'Invalid content in content/podcast/show.yaml:\n  artwork: must be square, 1400 to 3000 pixels a side (Apple Podcasts’ rule); this one is 1200 × 800',
    )
    changedStored.set('podcast/artwork.jpg', pngHeader(1600, 1600))
    expect(problemsOf(files, changedStored)).toBe(
      'Invalid content in content/podcast/show.yaml:\n  artwork: is named .jpg but the file is a PNG picture',
    )
  })
})
