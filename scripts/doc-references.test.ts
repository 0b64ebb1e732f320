/**
 * Every reference a reader may follow points at something that exists: relative links (and their
 * heading anchors) in the Markdown files, and the repository paths and README anchors that code
 * comments and docs mention (docs/…, server/…, app/… with an extension; `*` and `**` are globs).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
const SKIP = new Set(['node_modules', 'build', '.git', 'public', 'screenshots', 'test-results'])

function walk(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory())
      return SKIP.has(entry.name) || entry.name.startsWith('.') ? [] : walk(relative)
    return /\.(md|mdx|ts|tsx|js|css|json)$/.test(entry.name) && entry.name !== 'package-lock.json'
      ? [relative]
      : []
  })
}

const FILES = walk('')
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const [, heading] of markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** The prose of a file: all of a Markdown file, the comments of a code file. */
function commentsOf(file: string): string {
  const text = read(file)
  if (/\.mdx?$/.test(file)) return text
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/.*$/gm)].map((m) => m[0]).join('\n')
}

/** What is wrong with a reference to `target` (a repository path with an optional #anchor). */
function problem(target: string): string | undefined {
  const [file, anchor] = target.split('#', 2) as [string, string | undefined]
  if (file.includes('*')) {
    const pattern = new RegExp(
      `^${file
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(?:.*/)?')
        .replace(/\*/g, '[^/]*')}$`,
    )
    return FILES.some((f) => pattern.test(f)) ? undefined : 'matches no file'
  }
  if (!fs.existsSync(path.join(ROOT, file))) return 'does not exist'
  if (anchor && /\.mdx?$/.test(file) && !anchorsOf(read(file)).has(anchor))
    return `has no heading #${anchor}`
  return undefined
}

describe('references in docs and code', () => {
  it('every relative link in the Markdown files points at an existing file and heading', () => {
    const broken: string[] = []
    for (const file of FILES.filter((f) => f.endsWith('.md'))) {
      const text = read(file).replace(/^```[\s\S]*?^```/gm, '')
      for (const [, target] of text.matchAll(/\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z][a-z+.-]*:/i.test(target!)) continue
        // content is site copy: its absolute links are pages of the site, not repository paths
        if (file.startsWith('content/') && target!.startsWith('/')) continue
        const resolved = target!.startsWith('#')
          ? `${file}${target}`
          : path.posix.normalize(path.posix.join(path.posix.dirname(file), target!))
        const why = problem(resolved)
        if (why) broken.push(`${file}: (${target}) ${why}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('every repository path and README anchor named in code and docs exists', () => {
    const mention =
      /(?<![\w./:@#-])((?:docs|server|app|common|content|scripts|e2e)\/[\w./*-]*\.(?:mdx|md|tsx|ts|json|js|css)(?![\w-])|README\.md#[\w-]+)/g
    const broken: string[] = []
    for (const file of FILES) {
      for (const [, target] of commentsOf(file).matchAll(mention)) {
        const why = problem(target!)
        if (why) broken.push(`${file}: ${target} ${why}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('code and docs cite the requirements in docs/requirements.md, never a specification outside the repository', () => {
    const outside = FILES.filter((file) => /\bSPEC(?:\.md)? section\b/i.test(commentsOf(file)))
    expect(outside).toEqual([])
  })

  it('the README is a map a newcomer reads first: short, narrow, and it points into docs/', () => {
    const readme = read('README.md')
    const lines = readme.split('\n')
    expect(lines.length).toBeLessThanOrEqual(200)
    expect(lines.filter((line) => line.length > 160)).toEqual([])
    for (const heading of ['The two commands', 'Settings', 'How a request flows', 'Code tour'])
      expect(anchorsOf(readme)).toContain(heading.toLowerCase().replaceAll(' ', '-'))
    for (const doc of ['configuration', 'deployment', 'api', 'catalogue', 'privacy', 'operations'])
      expect(readme).toContain(`docs/${doc}.md`)
  })

  it('the anchors follow GitHub, repeats numbered', () => {
    expect([...anchorsOf('# A: b & c\n## Settings\n### Settings\n```\n# not\n```')]).toEqual([
      'a-b--c',
      'settings',
      'settings-1',
    ])
  })
})
