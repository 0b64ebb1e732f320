/**
 * Writes the site's web fonts into app/styles/fonts/: Inter and Fraunces (Fontsource's Latin
 * variable files) cut down to the characters the site's languages use and the weights its pages
 * use (measured on the rendered pages: Inter 400–700, Fraunces 400–600 and italic 600 only), so the first screen downloads as few font bytes as possible. Run after
 * changing either list, and commit the outputs (they are small):
 *   npm run fonts
 * The range cut is app/document/font-range.ts, which the faces' unicode-range names.
 */
import fs from 'node:fs'
import path from 'node:path'
import subsetFont from 'subset-font'
import { UNICODE_RANGE } from '#app/document/font-range.ts'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'app/styles/fonts')

function charactersOf(range: string): string {
  let text = ''
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().slice(2).split('-') as [string, string?]
    for (let c = Number.parseInt(from, 16); c <= Number.parseInt(to, 16); c++)
      text += String.fromCodePoint(c)
  }
  return text
}

type Weight = number | { min: number; max: number }
const FONTS: [source: string, target: string, wght: Weight][] = [
  ['inter/files/inter-latin-wght-normal.woff2', 'inter.woff2', { min: 400, max: 700 }],
  ['fraunces/files/fraunces-latin-wght-normal.woff2', 'fraunces.woff2', { min: 400, max: 600 }],
  ['fraunces/files/fraunces-latin-wght-italic.woff2', 'fraunces-italic.woff2', 600],
]

fs.mkdirSync(outDir, { recursive: true })
const text = charactersOf(UNICODE_RANGE)
for (const [source, target, wght] of FONTS) {
  const input = fs.readFileSync(path.join(root, 'node_modules/@fontsource-variable', source))
  const output = await subsetFont(input, text, {
    targetFormat: 'woff2',
    variationAxes: { wght },
  })
  fs.writeFileSync(path.join(outDir, target), output)
  console.log(
    `${target}: ${(input.length / 1024).toFixed(1)} KB -> ${(output.length / 1024).toFixed(1)} KB`,
  )
}
