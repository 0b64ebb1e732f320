/**
 * The staff app reads the server's answers as their contracts type them (./api.ts `call`), and a
 * document's data, which its answer leaves unknown, through a reader that checks each field
 * (common/content/article-draft.ts). No module but the client itself asserts an answer's type:
 * this scan finds `x as SomethingAnswer`, `x as AnswerOf<…>` and `x.data as …`, the casts that
 * would make the compiler trust what the server sent without a check.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** Where the client turns a response into its contract's answer type (and only there). */
const CLIENT = 'app/admin/api.ts'

/** The answer casts in one module's source: "line: cast". */
function answerCasts(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const type = node.type.getText(tree)
      const readsData =
        ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'data'
      if (/Answer/.test(type) || readsData) {
        const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree))
        found.push(`${line + 1}: ${node.getText(tree)}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

describe('casts of what the server sent', () => {
  it('finds an answer cast, a data cast and a cast to AnswerOf; not other casts', () => {
    const source = [
      'const a = (await response.json()) as DocumentAnswer',
      'const b = answer.data as ArticleFrontmatter',
      'const c = json as AnswerOf<typeof route>',
      'const d = error as Error',
      "const e = ['x'] as const",
    ].join('\n')
    expect(answerCasts('sample.ts', source)).toEqual([
      '1: (await response.json()) as DocumentAnswer',
      '2: answer.data as ArticleFrontmatter',
      '3: json as AnswerOf<typeof route>',
    ])
  })

  it('has none in the staff app outside its client', () => {
    const files = execFileSync('git', ['ls-files', 'app/admin'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== CLIENT)
    expect(files.length).toBeGreaterThan(50)
    const casts = files.flatMap((file) =>
      answerCasts(file, readFileSync(file, 'utf8')).map((cast) => `${file}:${cast}`),
    )
    expect(casts).toEqual([])
  })
})
