/**
 * Hand-built vector marks: 13 fictional award laurels and badges, three partner wordmarks, the
 * DocuCommons logo and the favicon set. Text is set in generic font stacks so the files stay tiny
 * and render anywhere; awards are one colour (ink) on transparent.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { colors } from '#scripts/media/lib/palette.ts'
import { escapeXml } from '#scripts/media/lib/svg.ts'
import { mediaDir, publicDir } from '#scripts/media/lib/raster.ts'

const INK = colors.ink
const SERIF = 'Georgia, &quot;Times New Roman&quot;, serif'
const SANS = 'Helvetica, Arial, sans-serif'
const f = (n: number) => Math.round(n * 100) / 100

export type AwardEntry = { id: string; name: string; src: string; width: number; height: number }
export type PartnerEntry = AwardEntry

/** A line of text; with `fit`, a line that would outgrow its badge is condensed to that width. */
function text(
  x: number,
  y: number,
  size: number,
  body: string,
  o: {
    family?: string
    weight?: number
    spacing?: number
    anchor?: string
    italic?: boolean
    fit?: number
  } = {},
): string {
  const sans = o.family === SANS
  const estimate = body.length * size * (sans ? 0.68 : 0.55) + body.length * (o.spacing ?? 0)
  const fit =
    o.fit !== undefined && estimate > o.fit
      ? ` textLength="${o.fit}" lengthAdjust="spacingAndGlyphs"`
      : ''
  return `<text x="${x}" y="${y}" font-family="${o.family ?? SERIF}" font-size="${size}" font-weight="${o.weight ?? 400}"${o.italic ? ' font-style="italic"' : ''} letter-spacing="${o.spacing ?? 0}" text-anchor="${o.anchor ?? 'middle'}"${fit}>${escapeXml(body)}</text>`
}

/** A laurel branch along a circular arc; side -1 is the left branch. */
function laurel(
  cx: number,
  cy: number,
  r: number,
  side: 1 | -1,
  leaves = 7,
  from = 110,
  to = 250,
  ry = 50,
): string {
  let out = ''
  let d = ''
  for (let i = 0; i <= leaves; i++) {
    const deg = from + ((to - from) * i) / leaves
    const a = (deg * Math.PI) / 180
    const x = cx + side * Math.cos(a) * -r
    const y = cy - Math.sin(a) * -ry
    d += `${i ? 'L' : 'M'}${f(x)} ${f(y)}`
    const tangent = (Math.atan2(-Math.cos(a), side * Math.sin(a)) * 180) / Math.PI
    const size = 7 - i * 0.35
    out += `<ellipse cx="${f(x + side * Math.sin(a) * 3)}" cy="${f(y - Math.cos(a) * 3)}" rx="${f(size)}" ry="${f(size * 0.42)}" transform="rotate(${f(tangent - side * 35)} ${f(x + side * Math.sin(a) * 3)} ${f(y - Math.cos(a) * 3)})"/>`
    out += `<ellipse cx="${f(x - side * Math.sin(a) * 4)}" cy="${f(y + Math.cos(a) * 4)}" rx="${f(size)}" ry="${f(size * 0.42)}" transform="rotate(${f(tangent + side * 35)} ${f(x - side * Math.sin(a) * 4)} ${f(y + Math.cos(a) * 4)})"/>`
  }
  return `<path d="${d}" fill="none" stroke="${INK}" stroke-width="1.6"/>${out}`
}

const laurels = (r = 100, leaves = 7) =>
  laurel(120, 62, r, -1, leaves) + laurel(120, 62, r, 1, leaves)
const star = (x: number, y: number, r: number) =>
  `<path d="M${Array.from({ length: 10 }, (_, i) => `${f(x + Math.cos((i * Math.PI) / 5 - Math.PI / 2) * (i % 2 ? r * 0.45 : r))} ${f(y + Math.sin((i * Math.PI) / 5 - Math.PI / 2) * (i % 2 ? r * 0.45 : r))}`).join('L')}Z"/>`

type Award = { name: string; draw: () => string }

const awards: Award[] = [
  {
    name: 'Heartland Documentary Festival - Official Selection 2025',
    draw: () =>
      laurels() +
      text(120, 40, 10, 'OFFICIAL SELECTION', { family: SANS, weight: 700, spacing: 1.2 }) +
      text(120, 62, 19, 'Heartland', { weight: 700 }) +
      text(120, 80, 13, 'Documentary Festival', { fit: 136 }) +
      text(120, 98, 11, '2025', { family: SANS, weight: 700, spacing: 2 }),
  },
  {
    name: 'Civic Media Prize - Winner 2024',
    draw: () =>
      `<circle cx="120" cy="60" r="54" fill="none" stroke="${INK}" stroke-width="3"/><circle cx="120" cy="60" r="47" fill="none" stroke="${INK}" stroke-width="1"/>` +
      star(120, 28, 9) +
      text(120, 62, 17, 'Civic Media', { weight: 700, fit: 84 }) +
      text(120, 80, 14, 'PRIZE', { family: SANS, weight: 700, spacing: 4 }) +
      text(120, 95, 9, 'WINNER 2024', { family: SANS, spacing: 1.2, fit: 62 }),
  },
  {
    name: 'Prairie Podcast Awards - Best News Show',
    draw: () =>
      `<rect x="16" y="14" width="208" height="92" rx="46" fill="none" stroke="${INK}" stroke-width="3"/><rect x="38" y="34" width="16" height="30" rx="8"/><path d="M31 52a15 15 0 0 0 30 0M46 67v12M38 79h16" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>` +
      text(142, 48, 17, 'Prairie Podcast', { weight: 700, fit: 126 }) +
      text(142, 66, 12, 'AWARDS', { family: SANS, weight: 700, spacing: 3 }) +
      `<rect x="82" y="74" width="120" height="20" rx="3"/><text x="142" y="88.5" font-family="${SANS}" font-size="11" font-weight="700" letter-spacing="0.8" text-anchor="middle" style="fill:#f7f1e6">BEST NEWS SHOW</text>`,
  },
  {
    name: 'Missouri River Film Festival - Audience Award 2024',
    draw: () =>
      laurels(102, 8) +
      text(120, 44, 10, 'AUDIENCE AWARD', { family: SANS, weight: 700, spacing: 1.2 }) +
      text(120, 64, 16, 'Missouri River', { weight: 700, italic: true }) +
      text(120, 81, 13, 'Film Festival') +
      `<path d="M88 92q8-5 16 0t16 0 16 0 16 0" fill="none" stroke="${INK}" stroke-width="2"/>`,
  },
  {
    name: 'Kansas City Community Storytelling Awards - Honoree',
    draw: () =>
      `<path d="M120 6l54 14v36c0 30-22 50-54 60-32-10-54-30-54-60V20z" fill="none" stroke="${INK}" stroke-width="3"/>` +
      text(120, 38, 10, 'KANSAS CITY', { family: SANS, weight: 700, spacing: 1, fit: 86 }) +
      text(120, 58, 16, 'Storytelling', { weight: 700, fit: 92 }) +
      text(120, 75, 12, 'Awards') +
      text(120, 92, 9, 'HONOREE', { family: SANS, weight: 700, spacing: 1.5, fit: 52 }) +
      `<path d="M10 60h44M186 60h44" stroke="${INK}" stroke-width="2"/>` +
      star(22, 60, 5) +
      star(218, 60, 5),
  },
  {
    name: 'Great Plains Documentary Summit - Official Selection 2024',
    draw: () =>
      laurels(98, 6) +
      star(120, 22, 7) +
      text(120, 50, 18, 'Great Plains', { weight: 700 }) +
      text(120, 67, 11, 'DOCUMENTARY SUMMIT', {
        family: SANS,
        weight: 700,
        spacing: 0.5,
        fit: 130,
      }) +
      `<path d="M80 75h80" stroke="${INK}" stroke-width="1.5"/>` +
      text(120, 90, 10, 'OFFICIAL SELECTION', { family: SANS, spacing: 1 }) +
      text(120, 104, 10, '2024', { family: SANS, weight: 700, spacing: 2 }),
  },
  {
    name: 'National Nonprofit Media Awards - Best Educational Series',
    draw: () =>
      `<path d="M40 78l-12 34 14-6 8 12 8-36M72 78l12 34-14-6-8 12-8-36"/><circle cx="56" cy="52" r="36" fill="none" stroke="${INK}" stroke-width="3" stroke-dasharray="4 2.5"/><circle cx="56" cy="52" r="28"/>` +
      star(56, 52, 16).replace('<path', `<path fill="${colors.paper}"`) +
      text(100, 44, 10, 'NATIONAL NONPROFIT', {
        family: SANS,
        weight: 700,
        spacing: 0.8,
        anchor: 'start',
        fit: 128,
      }) +
      text(100, 66, 19, 'Media Awards', { weight: 700, anchor: 'start', fit: 128 }) +
      `<path d="M100 76h128" stroke="${INK}" stroke-width="1.5"/>` +
      text(100, 92, 9, 'BEST EDUCATIONAL SERIES', {
        family: SANS,
        spacing: 0.2,
        anchor: 'start',
        fit: 126,
      }),
  },
  {
    name: 'Independent Audio Guild - Gold Award 2025',
    draw: () =>
      `<circle cx="60" cy="60" r="40" fill="none" stroke="${INK}" stroke-width="3"/>` +
      [8, 16, 26, 16, 8, 20, 12]
        .map((h, i) => `<rect x="${37 + i * 7}" y="${60 - h}" width="4" height="${h * 2}" rx="2"/>`)
        .join('') +
      text(108, 48, 18, 'Independent', { weight: 700, anchor: 'start', fit: 116 }) +
      text(108, 67, 18, 'Audio Guild', { weight: 700, anchor: 'start', fit: 116 }) +
      `<path d="M108 76h112" stroke="${INK}" stroke-width="1.5"/>` +
      text(108, 92, 11, 'GOLD AWARD 2025', {
        family: SANS,
        weight: 700,
        spacing: 1.2,
        anchor: 'start',
      }),
  },
  {
    name: 'Justice Film Forum - Jury Prize',
    draw: () =>
      laurels(100, 7) +
      `<path d="M120 22v20M104 30h32M104 30l-6 10h12zM136 30l-6 10h12z" fill="none" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>` +
      text(120, 64, 18, 'Justice', { weight: 700 }) +
      text(120, 80, 12, 'FILM FORUM', { family: SANS, weight: 700, spacing: 2 }) +
      text(120, 98, 13, 'Jury Prize', { italic: true }),
  },
  {
    name: "Midwest Educators' Choice - Continuing Education Excellence",
    draw: () =>
      `<rect x="8" y="16" width="224" height="88" rx="6" fill="none" stroke="${INK}" stroke-width="3"/><path d="M22 44c10-6 20-6 28 0v38c-8-6-18-6-28 0zM50 44c8-6 18-6 28 0v38c-10-6-20-6-28 0z" fill="none" stroke="${INK}" stroke-width="2.4" stroke-linejoin="round"/>` +
      text(152, 46, 16, 'Midwest Educators’', { weight: 700, fit: 130 }) +
      text(152, 65, 16, 'Choice', { weight: 700 }) +
      text(152, 84, 8.5, 'CONTINUING EDUCATION', { family: SANS, spacing: 0.4, fit: 126 }) +
      text(152, 96, 8.5, 'EXCELLENCE', { family: SANS, weight: 700, spacing: 1.5 }),
  },
  {
    name: 'Ozark Short Film Showcase - Best Short Documentary 2023',
    draw: () =>
      `<path d="M6 74h30l-8 12 8 12H6l8-12zM234 74h-30l8 12-8 12h30l-8-12z"/><path d="M26 66h188v32H26z"/>` +
      `<text x="120" y="87" font-family="${SANS}" font-size="11" font-weight="700" letter-spacing="0.6" text-anchor="middle" style="fill:#f7f1e6">BEST SHORT DOCUMENTARY</text>` +
      text(120, 38, 20, 'Ozark Short Film', { weight: 700, fit: 150 }) +
      text(120, 57, 11, 'SHOWCASE 2023', { family: SANS, weight: 700, spacing: 2 }) +
      star(34, 30, 6) +
      star(206, 30, 6),
  },
  {
    name: 'Storytellers for Change - Impact Award',
    draw: () =>
      `<path d="M120 6l50 28v52l-50 28-50-28V34z" fill="none" stroke="${INK}" stroke-width="3"/>` +
      text(120, 44, 10, 'STORYTELLERS', { family: SANS, weight: 700, spacing: 1 }) +
      text(120, 62, 15, 'for Change', { weight: 700, italic: true }) +
      `<path d="M94 70h52" stroke="${INK}" stroke-width="1.5"/>` +
      text(120, 86, 10, 'IMPACT AWARD', { family: SANS, weight: 700, spacing: 1 }) +
      `<path d="M10 60h44M186 60h44" stroke="${INK}" stroke-width="2" stroke-dasharray="2 4"/>`,
  },
  {
    name: 'American Journalism Circle - Excellence in Local Reporting',
    draw: () =>
      `<path d="M10 12h220M10 18h220M10 102h220M10 108h220" stroke="${INK}" stroke-width="2"/>` +
      text(120, 46, 19, 'American Journalism', { weight: 700, fit: 210 }) +
      text(120, 66, 13, 'CIRCLE', { family: SANS, weight: 700, spacing: 5 }) +
      text(120, 90, 13, 'Excellence in Local Reporting', { italic: true }),
  },
]

const partners = [
  {
    id: 'heartland-story-fund',
    name: 'Heartland Story Fund',
    mark: `<path d="M60 94C24 72 14 54 22 40c8-14 28-14 38 2 10-16 30-16 38-2 8 14-2 32-38 54z" fill="${colors.clay}"/><path d="M40 56c7-3 14-3 20 2 6-5 13-5 20-2v22c-7-3-14-3-20 2-6-5-13-5-20-2z" fill="${colors.paper}"/><path d="M60 58v22" stroke="${INK}" stroke-width="2"/>`,
    words:
      text(112, 56, 28, 'Heartland', { weight: 700, anchor: 'start' }) +
      text(112, 84, 17, 'STORY FUND', { family: SANS, weight: 700, spacing: 4, anchor: 'start' }),
  },
  {
    id: 'kaw-river-justice-collaborative',
    name: 'Kaw River Justice Collaborative',
    mark: `<circle cx="58" cy="60" r="40" fill="${colors.teal}"/><path d="M26 66q8-8 16 0t16 0 16 0 16 0M26 80q8-8 16 0t16 0 16 0 16 0" fill="none" stroke="${colors.paper}" stroke-width="4" stroke-linecap="round"/><path d="M58 30v26M44 36h28" stroke="${colors.paper}" stroke-width="4" stroke-linecap="round"/>`,
    words:
      text(112, 54, 26, 'Kaw River', { weight: 700, anchor: 'start' }) +
      text(112, 78, 13, 'JUSTICE COLLABORATIVE', {
        family: SANS,
        weight: 700,
        spacing: 1.2,
        anchor: 'start',
        fit: 196,
      }),
  },
  {
    id: 'prairie-lantern-films',
    name: 'Prairie Lantern Films',
    mark: `<path d="M58 18v8" stroke="${INK}" stroke-width="4" stroke-linecap="round"/><path d="M42 32h32l-4 8H46z" fill="${INK}"/><path d="M44 40h28l6 44H38z" fill="${colors.gold}"/><path d="M50 48h16l3 30H47z" fill="${colors.paper}"/><circle cx="58" cy="66" r="5" fill="${colors.clay}"/><path d="M34 84h48v8H34z" fill="${INK}"/><path d="M18 100q20-10 40 0t40 0" fill="none" stroke="${INK}" stroke-width="3"/>`,
    words:
      text(112, 56, 27, 'Prairie Lantern', {
        weight: 700,
        anchor: 'start',
        italic: true,
        fit: 196,
      }) + text(112, 82, 15, 'FILMS', { family: SANS, weight: 700, spacing: 6, anchor: 'start' }),
  },
]

/** The DocuCommons mark: a sun rising over a common horizon, inside an ink tile. */
function markBody(size: number, fullBleed = false): string {
  const k = size / 48
  const inset = fullBleed ? 0.18 : 0
  const s = (n: number) => f(n * k * (1 - inset * 2) + size * inset)
  const tile = fullBleed
    ? `<rect width="${size}" height="${size}" fill="${INK}"/>`
    : `<rect width="${size}" height="${size}" rx="${f(11 * k)}" fill="${INK}"/>`
  return `${tile}<path d="M${s(10)} ${s(31)}a${f(14 * k * (1 - inset * 2))} ${f(14 * k * (1 - inset * 2))} 0 0 1 ${f(28 * k * (1 - inset * 2))} 0z" fill="${colors.clay}"/><rect x="${s(8)}" y="${s(34)}" width="${f(32 * k * (1 - inset * 2))}" height="${f(3.2 * k * (1 - inset * 2))}" rx="${f(1.6 * k)}" fill="${colors.paper}"/><rect x="${s(14)}" y="${s(39.5)}" width="${f(20 * k * (1 - inset * 2))}" height="${f(3.2 * k * (1 - inset * 2))}" rx="${f(1.6 * k)}" fill="${colors.gold}"/>`
}

const svg = (w: number, h: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>${body}</svg>\n`

/** A .ico holding PNG images (allowed since Windows Vista; every current browser reads it). */
function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(pngs.length, 4)
  let offset = header.length
  pngs.forEach(({ size, data }, i) => {
    const e = 6 + i * 16
    header.writeUInt8(size >= 256 ? 0 : size, e)
    header.writeUInt8(size >= 256 ? 0 : size, e + 1)
    header.writeUInt16LE(1, e + 4)
    header.writeUInt16LE(32, e + 6)
    header.writeUInt32LE(data.length, e + 8)
    header.writeUInt32LE(offset, e + 12)
    offset += data.length
  })
  return Buffer.concat([header, ...pngs.map((p) => p.data)])
}

export async function writeVectors(): Promise<{ awards: AwardEntry[]; partners: PartnerEntry[] }> {
  await mkdir(path.join(mediaDir, 'awards'), { recursive: true })
  await mkdir(path.join(mediaDir, 'partners'), { recursive: true })
  await mkdir(path.join(mediaDir, 'brand'), { recursive: true })
  const awardEntries: AwardEntry[] = []
  for (const [i, award] of awards.entries()) {
    const id = `award-${String(i + 1).padStart(2, '0')}`
    await writeFile(
      path.join(mediaDir, 'awards', `${id}.svg`),
      svg(240, 120, `<g fill="${INK}">${award.draw()}</g>`, award.name),
    )
    awardEntries.push({
      id,
      name: award.name,
      src: `/media/awards/${id}.svg`,
      width: 240,
      height: 120,
    })
  }
  const partnerEntries: PartnerEntry[] = []
  for (const partner of partners) {
    await writeFile(
      path.join(mediaDir, 'partners', `${partner.id}.svg`),
      svg(320, 120, `${partner.mark}<g fill="${INK}">${partner.words}</g>`, partner.name),
    )
    partnerEntries.push({
      id: partner.id,
      name: partner.name,
      src: `/media/partners/${partner.id}.svg`,
      width: 320,
      height: 120,
    })
  }
  const wordmark = `<text x="57" y="32" font-family="Fraunces, ${SERIF}" font-size="22" font-weight="700" textLength="140" lengthAdjust="spacingAndGlyphs"><tspan fill="${INK}">Docu</tspan><tspan fill="${colors.clay}">Commons</tspan></text>`
  await writeFile(
    path.join(mediaDir, 'brand', 'logo.svg'),
    svg(200, 48, markBody(48) + wordmark, 'DocuCommons'),
  )
  const markSvg = svg(48, 48, markBody(48), 'DocuCommons')
  await writeFile(path.join(mediaDir, 'brand', 'logo-mark.svg'), markSvg)
  await writeFile(path.join(publicDir, 'icon.svg'), markSvg)
  const png = (size: number, fullBleed = false) =>
    sharp(Buffer.from(svg(size, size, markBody(size, fullBleed), 'DocuCommons')))
      .png({ compressionLevel: 9 })
      .toBuffer()
  await writeFile(
    path.join(publicDir, 'favicon.ico'),
    ico([
      { size: 32, data: await png(32) },
      { size: 16, data: await png(16) },
    ]),
  )
  // iOS masks its own corners and dislikes transparency: give it the full-bleed tile
  await writeFile(
    path.join(publicDir, 'apple-touch-icon.png'),
    await sharp(
      Buffer.from(
        svg(
          180,
          180,
          `<rect width="180" height="180" fill="${INK}"/>` + markBody(180),
          'DocuCommons',
        ),
      ),
    )
      .png()
      .toBuffer(),
  )
  await writeFile(path.join(publicDir, 'icon-192.png'), await png(192))
  await writeFile(path.join(publicDir, 'icon-512.png'), await png(512))
  await writeFile(path.join(publicDir, 'icon-maskable-512.png'), await png(512, true))
  return { awards: awardEntries, partners: partnerEntries }
}
