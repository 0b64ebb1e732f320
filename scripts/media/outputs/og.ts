/**
 * Share images (Open Graph), 1200 x 630 JPEG: an illustrated panel beside a paper panel with the
 * title set in EB Garamond and Inter (Debian packages fonts-ebgaramond and fonts-inter, which
 * librsvg finds through fontconfig), and the DocuCommons mark.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { colors, inks, type Inks } from '#scripts/media/lib/palette.ts'
import { escapeXml, svgDoc } from '#scripts/media/lib/svg.ts'
import { mediaDir, renderMaster } from '#scripts/media/lib/raster.ts'
import * as A from '#scripts/media/art/scenes/articles.ts'
import * as S from '#scripts/media/art/scenes/site.ts'
import { createStage, type Scene } from '#scripts/media/art/stage.ts'
import { people } from '#scripts/media/art/scenes/portraits.ts'

type Share = {
  key: string
  eyebrow: string
  title: string
  subtitle: string
  inks: Inks
  scene: Scene
}

const shares: Share[] = [
  {
    key: 'default',
    eyebrow: 'DOCUCOMMONS',
    title: 'Listen, Learn, Lead',
    subtitle: 'Stories, courses and counsel for community change',
    inks: inks('ink', 'clay'),
    scene: S.neighbourhoodMap,
  },
  {
    key: 'home',
    eyebrow: 'THE DAILY COMMONS',
    title: 'Stories of people changing their communities',
    subtitle: 'Documentaries, a daily podcast and courses',
    inks: inks('teal', 'gold'),
    scene: S.aboutListen,
  },
  {
    key: 'about',
    eyebrow: 'ABOUT',
    title: 'A commons for stories that move people to act',
    subtitle: 'Brought to you by the Heartland Story Fund',
    inks: inks('ink', 'clay'),
    scene: S.aboutLead,
  },
  {
    key: 'articles',
    eyebrow: 'ARTICLES',
    title: 'Changemakers in their own words',
    subtitle: 'Art and advocacy, returning home, bail and bonds',
    inks: inks('plum', 'gold'),
    scene: A.quiltWall,
  },
  {
    key: 'contact',
    eyebrow: 'CONTACT',
    title: 'Let’s build your community project together',
    subtitle: 'One-to-one sessions, consultation and film production',
    inks: inks('teal', 'clay'),
    scene: S.aboutInsight,
  },
  {
    key: 'courses',
    eyebrow: 'COURSES',
    title: 'Continuing education, told like a documentary',
    subtitle: 'Louisiana property and casualty producer courses',
    inks: inks('plum', 'clay'),
    scene: S.aboutLearn,
  },
]

/** Headlines for the article share cards; the article pages own their full titles. */
const articleShares: Record<string, { name: string; title: string; scene: Scene }> = {
  'marisol-vega': {
    name: 'Marisol Vega',
    title: 'Murals that let a neighbourhood speak',
    scene: A.muralWall,
  },
  'dante-whitfield': {
    name: 'Dante Whitfield',
    title: 'The poet who keeps a circle of writers',
    scene: A.poetDesk,
  },
  'amara-nwosu': {
    name: 'Amara Nwosu',
    title: 'Story quilts stitched by survivors',
    scene: A.quiltWall,
  },
  'terrence-hollis': {
    name: 'Terrence Hollis',
    title: 'A porch light for people coming home',
    scene: A.porchLamp,
  },
  'yolanda-reyes': {
    name: 'Yolanda Reyes',
    title: 'Opening the gate for women home from prison',
    scene: A.openGate,
  },
  'lorraine-mitchell': {
    name: 'Lorraine Mitchell',
    title: 'Forty-one days, and a bond fund for mothers',
    scene: A.courthouseDawn,
  },
  'keisha-abernathy': {
    name: 'Keisha Abernathy',
    title: 'A doula for mothers coming home',
    scene: A.birthRoom,
  },
}

/** Greedy line-wrap by an average glyph width; good enough for short display titles. */
function wrap(text: string, size: number, width: number, glyph = 0.5): string[] {
  const max = Math.floor(width / (size * glyph))
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

function panel(eyebrow: string, title: string, subtitle: string, accent: string): string {
  const x = 700
  const pad = 56
  const width = 500 - pad * 2
  let size = 56
  let lines = wrap(title, size, width, 0.46)
  while (lines.length > 4) {
    size -= 4
    lines = wrap(title, size, width, 0.46)
  }
  const top = 150
  let out = `<rect x="${x}" width="500" height="630" fill="${colors.paper}"/><rect x="${x}" width="10" height="630" fill="${accent}"/>`
  out += `<text x="${x + pad}" y="${top - 40}" font-family="Inter" font-weight="700" font-size="19" letter-spacing="3" fill="${accent}">${escapeXml(eyebrow)}</text>`
  lines.forEach(
    (l, i) =>
      (out += `<text x="${x + pad}" y="${top + 20 + i * size * 1.08}" font-family="EB Garamond" font-weight="700" font-size="${size}" fill="${colors.ink}">${escapeXml(l)}</text>`),
  )
  const subTop = top + 20 + lines.length * size * 1.08 + 16
  wrap(subtitle, 22, width, 0.52).forEach(
    (l, i) =>
      (out += `<text x="${x + pad}" y="${subTop + i * 30}" font-family="Inter" font-size="22" fill="${colors.ink}" fill-opacity="0.78">${escapeXml(l)}</text>`),
  )
  // the mark and wordmark, bottom left of the panel
  out += `<g transform="translate(${x + pad} 532) scale(1)"><rect width="48" height="48" rx="11" fill="${colors.ink}"/><path d="M10 31a14 14 0 0 1 28 0z" fill="${colors.clay}"/><rect x="8" y="34" width="32" height="3.2" rx="1.6" fill="${colors.paper}"/><rect x="14" y="39.5" width="20" height="3.2" rx="1.6" fill="${colors.gold}"/></g>`
  out += `<text x="${x + pad + 62}" y="566" font-family="EB Garamond" font-weight="700" font-size="30"><tspan fill="${colors.ink}">Docu</tspan><tspan fill="${colors.clay}">Commons</tspan></text>`
  return out
}

async function writeShare(
  key: string,
  art: { scene: Scene; inks: Inks },
  eyebrow: string,
  title: string,
  subtitle: string,
): Promise<string> {
  const st = createStage(700, 630, art.inks, `og-${key}`)
  const svg = svgDoc(
    1200,
    630,
    `<g>${art.scene(st)}</g>${panel(eyebrow, title, subtitle, art.inks.b === colors.gold || art.inks.b === colors.sky ? colors.clay : art.inks.b)}`,
  )
  const master = await renderMaster(svg, 1200, 630, { seed: `og-${key}`, grain: 0.7 })
  const file = path.join(mediaDir, 'og', `${key}.jpg`)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, await sharp(master).jpeg({ quality: 82, mozjpeg: true }).toBuffer())
  return `/media/og/${key}.jpg`
}

export async function writeShareImages(): Promise<Record<string, string>> {
  const og: Record<string, string> = {}
  for (const s of shares) og[s.key] = await writeShare(s.key, s, s.eyebrow, s.title, s.subtitle)
  for (const [slug, a] of Object.entries(articleShares))
    og[`articles/${slug}`] = await writeShare(
      `articles/${slug}`,
      { scene: a.scene, inks: people[slug]!.inks },
      a.name.toUpperCase(),
      a.title,
      'A DocuCommons profile',
    )
  return og
}
