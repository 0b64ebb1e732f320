/**
 * The show's artwork: a square JPEG in the site's duotone print look (the same stage, inks,
 * halftone and paper texture as every picture from scripts/media), in teal and gold like the
 * home page's Daily Commons share card. Apple wants 1400 to 3000 px, RGB, JPEG or PNG; the title
 * must read at 55 px in a podcast app's grid, so it is set large on a calm band.
 */
import { writeFile } from 'node:fs/promises'
import sharp from 'sharp'
import * as p from '#scripts/media/art/props.ts'
import { circle, line, rect, stroke } from '#scripts/media/art/shapes.ts'
import { createStage, fill, glow, wash, type Stage } from '#scripts/media/art/stage.ts'
import { colors, inks } from '#scripts/media/lib/palette.ts'
import { renderMaster } from '#scripts/media/lib/raster.ts'
import { escapeXml, halftone, ramp, svgDoc } from '#scripts/media/lib/svg.ts'

export const ARTWORK_SIZE = 1600

/** A microphone over a street of porches at first light, the sound carrying over the roofs. */
function scene(st: Stage): string {
  const { t, X, Y, u } = st
  let out = fill(st, t.bPale) + wash(st, t.b, 0, 0.62, 0.55, 0.05)
  out += glow(st, X(0.5), Y(0.36), 330 * u, t.b, 0.85) + p.sun(X(0.5), Y(0.36), 170 * u, t.b)
  out +=
    p.soundWaves(X(0.5) + 40 * u, Y(0.3), 380 * u, t.a, 4, 1) +
    p.soundWaves(X(0.5) - 40 * u, Y(0.3), 380 * u, t.a, 4, -1)
  out += p.hills(st.w, Y(0.5), 14 * u, Y(0.64), t.bSoft, 3)
  // a row of houses with porches, one lamp lit
  const street: [number, number, boolean][] = [
    [0.09, 150, false],
    [0.27, 175, true],
    [0.73, 175, false],
    [0.91, 150, true],
  ]
  for (const [x, s, lit] of street)
    out += p.house(X(x), Y(0.62), s * u, t, {
      body: lit ? t.aSoft : t.a,
      roof: t.dark,
      porch: true,
      lit,
      door: t.dark,
    })
  out += p.microphone(X(0.5), Y(0.63), 470 * u, t)
  out += rect(0, Y(0.62), st.w, Y(0.38), t.a)
  out += halftone({
    x: 0,
    y: Y(0.62),
    w: st.w,
    h: Y(0.38),
    step: 15 * u,
    fill: t.dark,
    density: ramp.down(0.05, 0.45),
  })
  return out
}

/** The title band: what a listener reads in a podcast app, large and in two inks. */
function titleBand(st: Stage): string {
  const { X, Y, u } = st
  const size = 150 * u
  let out = `<text x="${X(0.5)}" y="${Y(0.765)}" text-anchor="middle" font-family="EB Garamond" font-weight="700" font-size="${size * 0.62}" fill="${colors.gold}" letter-spacing="${4 * u}">THE</text>`
  out += `<text x="${X(0.5)}" y="${Y(0.875)}" text-anchor="middle" font-family="EB Garamond" font-weight="700" font-size="${size}" fill="${colors.paper}">Daily Commons</text>`
  out +=
    line(X(0.2), Y(0.915), X(0.8), Y(0.915), colors.gold, 5 * u) +
    circle(X(0.5), Y(0.915), 9 * u, colors.gold)
  out += `<text x="${X(0.5)}" y="${Y(0.962)}" text-anchor="middle" font-family="Inter" font-weight="700" font-size="${30 * u}" letter-spacing="${9 * u}" fill="${colors.paper}">${escapeXml('LISTEN · LEARN · LEAD')}</text>`
  // a thin frame, as on a printed sleeve
  out += stroke(
    `M${X(0.025)} ${Y(0.025)}H${X(0.975)}V${Y(0.975)}H${X(0.025)}Z`,
    colors.paper,
    4 * u,
    'opacity="0.55"',
  )
  return out
}

export async function writeArtwork(file: string): Promise<{ width: number; bytes: number }> {
  const st = createStage(ARTWORK_SIZE, ARTWORK_SIZE, inks('teal', 'gold'), 'podcast/artwork')
  const svg = svgDoc(ARTWORK_SIZE, ARTWORK_SIZE, scene(st) + titleBand(st))
  const master = await renderMaster(svg, ARTWORK_SIZE, ARTWORK_SIZE, {
    seed: 'podcast/artwork',
    grain: 0.5,
  })
  const jpeg = await sharp(master)
    .jpeg({ quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .withMetadata({ density: 72 })
    .toColourspace('srgb')
    .toBuffer()
  await writeFile(file, jpeg)
  return { width: ARTWORK_SIZE, bytes: jpeg.length }
}
