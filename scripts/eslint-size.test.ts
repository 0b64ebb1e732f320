/**
 * The size rule of eslint.config.js (ADR 028), proved: a file of 501 lines and a function of 151
 * fail lint, 500 and 150 pass, blank lines and comments count, tests count, and the generated art
 * of scripts/media/art/ is left out.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function sizeRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .map((m) => m.ruleId ?? '')
    .filter((rule) => rule.startsWith('max-lines'))
}

/** A file of exactly `lines` lines: constants, with every other line blank or a comment. */
const fileOf = (lines: number) =>
  Array.from({ length: lines }, (_, i) =>
    i % 3 === 0 ? `export const v${i} = ${i}` : i % 3 === 1 ? '' : `// line ${i}`,
  ).join('\n') + '\n'

/** A function spanning exactly `lines` lines, blank lines and comments inside. */
const functionOf = (lines: number) =>
  [
    'export function long(): number {',
    '  let n = 0',
    ...Array.from({ length: lines - 4 }, (_, i) => (i % 2 ? '' : '  // a comment counts too')),
    '  return n',
    '}',
  ].join('\n') + '\n'

describe('the size rule', () => {
  it('refuses a file of 501 lines and takes one of 500', async () => {
    expect(await sizeRules('server/x/big.ts', fileOf(501))).toEqual(['max-lines'])
    expect(await sizeRules('server/x/big.ts', fileOf(500))).toEqual([])
  })

  it('refuses a function of 151 lines and takes one of 150, in a test file too', async () => {
    expect(await sizeRules('app/x/long.ts', functionOf(151))).toEqual(['max-lines-per-function'])
    expect(await sizeRules('app/x/long.ts', functionOf(150))).toEqual([])
    expect(await sizeRules('e2e/long.spec.ts', functionOf(151))).toEqual(['max-lines-per-function'])
  })

  it('leaves the generated art of scripts/media/art/ out', async () => {
    expect(await sizeRules('scripts/media/art/x.ts', fileOf(900))).toEqual([])
  })
})
