/**
 * People, drawn as stylised busts and small figures. Faces are profiles or near-profiles built from
 * a handful of landmarks (brow, nose, lips, chin), so a person reads as a person, with dignity,
 * without ever pretending to be a photograph.
 */
import { overprint, tint, type Inks } from '#scripts/media/lib/palette.ts'
import {
  halftone,
  hatch,
  place,
  polyPath,
  ramp,
  smoothPath,
  uid,
  type Point,
} from '#scripts/media/lib/svg.ts'

export type Hair =
  | 'afro'
  | 'locs'
  | 'bun'
  | 'crop'
  | 'bald'
  | 'wrap'
  | 'braids'
  | 'bob'
  | 'long'
  | 'puffs'
  | 'silver'
  | 'waves'
export type Clothing =
  | 'overalls'
  | 'blazer'
  | 'turtleneck'
  | 'cardigan'
  | 'hoodie'
  | 'shawl'
  | 'denim'
  | 'wrap-top'
  | 'sweater'
  | 'shirt'

export type BustSpec = {
  hair: Hair
  clothing: Clothing
  facing?: 'left' | 'right'
  beard?: boolean
  glasses?: boolean
  earring?: boolean
  /** Head tilt in degrees; positive lifts the chin. */
  tilt?: number
  /** 0..1 shape controls for the profile. */
  nose?: number
  lips?: number
  chin?: number
  /** Body lean in degrees and shoulder width factor. */
  lean?: number
  shoulders?: number
  /** Colour roles: defaults derive from the inks. */
  skin?: string
  hairColor?: string
  cloth?: string
  clothAccent?: string
}

type Ctx = { cx: number; cy: number; h: number; flip: boolean; tilt: number }

function pts(c: Ctx, points: readonly Point[], rotate = 0): Point[] {
  // head points rotate about the neck joint, so a tilt pivots the skull and not the shoulders
  if (!rotate) return place(points, c.cx, c.cy, c.h, 0, c.flip)
  const pivot: Point = [0.05, 0.9]
  const local = points.map(([x, y]) => {
    const a = (rotate * Math.PI) / 180
    const dx = x - pivot[0]
    const dy = y - pivot[1]
    return [
      pivot[0] + dx * Math.cos(a) - dy * Math.sin(a),
      pivot[1] + dx * Math.sin(a) + dy * Math.cos(a),
    ] as const
  })
  return place(local, c.cx, c.cy, c.h, 0, c.flip)
}

const head = (c: Ctx, p: readonly Point[]) => pts(c, p, -c.tilt)

function faceOutline(s: Required<Pick<BustSpec, 'nose' | 'lips' | 'chin'>>): Point[] {
  return [
    [-0.5, 0.62],
    [-0.86, 0.12],
    [-0.76, -0.55],
    [-0.24, -0.96],
    [0.3, -0.93],
    [0.62, -0.64],
    [0.75, -0.3],
    [0.79, -0.15],
    [0.74, -0.05],
    [0.86 + s.nose * 0.13, 0.15],
    [0.77, 0.25],
    [0.79 + s.lips * 0.06, 0.33],
    [0.745, 0.4],
    [0.775 + s.lips * 0.05, 0.465],
    [0.69, 0.55],
    [0.73 + s.chin * 0.06, 0.67],
    [0.56, 0.8],
    [0.3, 0.86],
    [0.02, 0.8],
  ]
}

/** Cap of short hair hugging the skull; `lift` raises it for volume. */
function capPoints(lift = 0): Point[] {
  return [
    [0.5, -0.6],
    [0.6, -0.8 - lift * 0.4],
    [0.36, -1.04 - lift],
    [-0.22, -1.07 - lift],
    [-0.84 - lift * 0.3, -0.6 - lift * 0.5],
    [-0.95 - lift * 0.2, 0.1],
    [-0.6, 0.5],
    [-0.42, 0.34],
    [-0.3, 0.0],
    [-0.02, -0.24],
    [0.22, -0.36],
    [0.34, -0.5],
  ]
}

function bumpy(
  center: Point,
  rx: number,
  ry: number,
  bumps: number,
  depth: number,
  from: number,
  to: number,
): Point[] {
  const out: Point[] = []
  const n = bumps * 2
  for (let i = 0; i <= n; i++) {
    const t = from + ((to - from) * i) / n
    const r = i % 2 === 0 ? 1 : 1 + depth
    out.push([center[0] + Math.cos(t) * rx * r, center[1] + Math.sin(t) * ry * r])
  }
  return out
}

function hairLayers(
  spec: BustSpec,
  c: Ctx,
  hairColor: string,
  accent: string,
  paper: string,
): { back: string; front: string; overBody: string } {
  const p = (points: readonly Point[], closed = true) => smoothPath(head(c, points), closed)
  const cap = (lift = 0) => `<path d="${p(capPoints(lift))}" fill="${hairColor}"/>`
  const strands = (
    count: number,
    length: number,
    width: number,
    startX: number,
    endX: number,
    fill: string,
  ) => {
    let out = ''
    for (let i = 0; i < count; i++) {
      const t = i / (count - 1)
      const x = startX + (endX - startX) * t
      const top: Point = [x, -0.7 + Math.abs(t - 0.35) * 0.6]
      const bottom: Point = [x - 0.25 - t * 0.35, length - Math.sin(t * Math.PI) * 0.25]
      const mid: Point = [(top[0] + bottom[0]) / 2 - 0.08, (top[1] + bottom[1]) / 2]
      out += `<path d="${smoothPath(head(c, [top, mid, bottom]), false)}" stroke="${fill}" stroke-width="${width * c.h}" stroke-linecap="round" fill="none"/>`
    }
    return out
  }
  switch (spec.hair) {
    case 'afro': {
      const cloud = bumpy([-0.3, -0.4], 1.18, 1.12, 17, 0.06, Math.PI * 0.55, Math.PI * 1.74)
      const shape: Point[] = [
        [0.6, -0.5],
        ...cloud.reverse(),
        [-0.5, 0.55],
        [-0.3, 0.1],
        [0.05, -0.3],
        [0.36, -0.46],
      ]
      return { back: `<path d="${p(shape)}" fill="${hairColor}"/>`, front: cap(0.05), overBody: '' }
    }
    case 'puffs': {
      const puff1 = bumpy([-0.35, -1.15], 0.48, 0.45, 8, 0.06, 0, Math.PI * 2)
      const puff2 = bumpy([-0.95, -0.6], 0.42, 0.42, 7, 0.06, 0, Math.PI * 2)
      return {
        back: `<path d="${p(puff1)}" fill="${hairColor}"/><path d="${p(puff2)}" fill="${hairColor}"/>`,
        front: cap(0.02),
        overBody: '',
      }
    }
    case 'bun': {
      const knot = bumpy([-0.75, -0.92], 0.36, 0.34, 6, 0.04, 0, Math.PI * 2)
      return {
        back: `<path d="${p(knot)}" fill="${hairColor}"/>`,
        front:
          cap(0.06) +
          `<path d="${p(
            [
              [0.4, -0.9],
              [-0.1, -1.05],
              [-0.6, -0.85],
            ],
            false,
          )}" stroke="${accent}" stroke-width="${0.03 * c.h}" fill="none" opacity="0.6"/>`,
        overBody: '',
      }
    }
    case 'locs':
      return {
        back: strands(8, 2.35, 0.13, 0.1, -0.95, hairColor),
        front: cap(0.1),
        overBody:
          strands(3, 2.2, 0.13, -0.5, -0.9, hairColor) +
          strands(3, 2.3, 0.03, -0.45, -0.85, accent),
      }
    case 'braids':
      return {
        back: strands(11, 2.9, 0.13, 0.05, -0.9, hairColor),
        front:
          cap(0.04) +
          `<path d="${p(
            [
              [0.45, -0.62],
              [0.0, -0.92],
              [-0.5, -0.8],
              [-0.8, -0.3],
            ],
            false,
          )}" stroke="${accent}" stroke-width="${0.02 * c.h}" fill="none" opacity="0.55"/>`,
        overBody: strands(2, 2.7, 0.12, -0.6, -0.85, hairColor),
      }
    case 'bob': {
      const curls = bumpy([-0.25, -0.3], 1.05, 1.0, 12, 0.06, Math.PI * 0.55, Math.PI * 1.85)
      const shape: Point[] = [
        [0.62, -0.55],
        ...curls.reverse(),
        [-0.2, 0.72],
        [0.1, 0.6],
        [-0.05, 0.1],
        [0.15, -0.3],
        [0.42, -0.45],
      ]
      return { back: '', front: `<path d="${p(shape)}" fill="${hairColor}"/>`, overBody: '' }
    }
    case 'long': {
      const drape: Point[] = [
        [0.3, -0.95],
        [-0.5, -1.0],
        [-1.0, -0.4],
        [-1.1, 0.6],
        [-1.2, 1.6],
        [-1.05, 2.3],
        [-0.3, 2.15],
        [-0.2, 1.0],
        [0.1, 0.2],
      ]
      return { back: `<path d="${p(drape)}" fill="${hairColor}"/>`, front: cap(0.08), overBody: '' }
    }
    case 'wrap': {
      const wrap: Point[] = [
        [0.64, -0.58],
        [0.68, -1.0],
        [0.35, -1.5],
        [-0.35, -1.72],
        [-1.05, -1.35],
        [-1.12, -0.5],
        [-0.85, 0.25],
        [-0.45, 0.2],
        [-0.2, -0.1],
        [0.15, -0.4],
        [0.45, -0.52],
      ]
      const folds =
        `<path d="${p(
          [
            [0.5, -0.75],
            [0.0, -1.25],
            [-0.7, -1.4],
          ],
          false,
        )}" stroke="${accent}" stroke-width="${0.05 * c.h}" fill="none" stroke-linecap="round"/>` +
        `<path d="${p(
          [
            [0.4, -0.55],
            [-0.2, -0.85],
            [-0.95, -0.8],
          ],
          false,
        )}" stroke="${accent}" stroke-width="${0.05 * c.h}" fill="none" stroke-linecap="round"/>` +
        `<path d="${p(
          [
            [-0.1, -1.6],
            [-0.45, -1.0],
            [-0.8, -0.2],
          ],
          false,
        )}" stroke="${accent}" stroke-width="${0.035 * c.h}" fill="none" stroke-linecap="round" opacity="0.7"/>`
      const knot = bumpy([-0.25, -1.62], 0.3, 0.22, 5, 0.08, 0, Math.PI * 2)
      return {
        back: '',
        front: `<path d="${p(wrap)}" fill="${hairColor}"/><path d="${p(knot)}" fill="${hairColor}"/>${folds}`,
        overBody: '',
      }
    }
    case 'silver': {
      const id = uid('cap')
      const shape = p(capPoints(0.04))
      return {
        back: '',
        front: `<path d="${shape}" fill="${tint(hairColor, 0.3, paper)}"/>${halftone({ x: c.cx - 2 * c.h, y: c.cy - 2 * c.h, w: 4 * c.h, h: 3 * c.h, step: 0.06 * c.h, fill: hairColor, density: ramp.flat(0.3), clip: `<path d="${shape}" id="${id}"/>`, opacity: 0.6 })}`,
        overBody: '',
      }
    }
    case 'waves': {
      const shape = p(capPoints(0.0))
      return {
        back: '',
        front: `<path d="${shape}" fill="${hairColor}"/>${hatch({ x: c.cx - 2 * c.h, y: c.cy - 2 * c.h, w: 4 * c.h, h: 3 * c.h, gap: 0.09 * c.h, stroke: accent, width: 0.014 * c.h, angle: c.flip ? -150 : -30, clip: `<path d="${shape}"/>`, opacity: 0.5 })}`,
        overBody: '',
      }
    }
    case 'crop':
      return {
        back: '',
        front: `<path d="${p(capPoints(-0.02))}" fill="${hairColor}"/>`,
        overBody: '',
      }
    case 'bald':
      return { back: '', front: '', overBody: '' }
  }
}

function torsoPath(c: Ctx, shoulders: number, lean: number): Point[] {
  const s = shoulders
  const raw: Point[] = [
    [-0.5, 1.3],
    [-1.2 * s, 1.72],
    [-1.95 * s, 2.1],
    [-2.3 * s, 2.9],
    [-2.45 * s, 5.2],
    [2.1 * s, 5.2],
    [2.0 * s, 2.8],
    [1.6 * s, 2.02],
    [0.9 * s, 1.66],
    [0.42, 1.34],
  ]
  return place(
    raw.map(([x, y]) => [x + lean * 0.02 * (y - 1.3), y] as const),
    c.cx,
    c.cy,
    c.h,
    0,
    c.flip,
  )
}

function clothingLayer(
  spec: BustSpec,
  c: Ctx,
  cloth: string,
  accent: string,
  paper: string,
  shade: string,
): string {
  const torso = torsoPath(c, spec.shoulders ?? 1, spec.lean ?? 0)
  const torsoD = smoothPath(torso)
  const P = (points: readonly Point[], closed = true) =>
    smoothPath(place(points, c.cx, c.cy, c.h, 0, c.flip), closed)
  const box = { x: c.cx - 3 * c.h, y: c.cy + 1.1 * c.h, w: 6 * c.h, h: 4.2 * c.h }
  const clip = `<path d="${torsoD}"/>`
  let out = `<path d="${torsoD}" fill="${cloth}"/>`
  // light falls from the face side: the back of the body sinks into a halftone shadow
  const shadowSide = c.flip ? ramp.right(-0.2, 0.9) : ramp.left(-0.2, 0.9)
  const shadow = () =>
    halftone({ ...box, step: c.h * 0.085, fill: shade, density: shadowSide, clip, opacity: 0.55 })
  const neckline = (depth: number, width: number) =>
    P(
      [
        [-width, 1.3],
        [0, 1.3 + depth],
        [width, 1.32],
      ],
      false,
    )
  switch (spec.clothing) {
    case 'sweater':
      out += shadow()
      out += `<path d="${neckline(0.34, 0.5)}" stroke="${accent}" stroke-width="${0.09 * c.h}" fill="none" stroke-linecap="round"/>`
      out += hatch({
        ...box,
        gap: 0.16 * c.h,
        stroke: accent,
        width: 0.02 * c.h,
        angle: 90,
        clip,
        opacity: 0.35,
      })
      break
    case 'turtleneck':
      out += shadow()
      out += `<path d="${P([
        [-0.5, 0.95],
        [-0.56, 1.55],
        [0, 1.72],
        [0.48, 1.55],
        [0.42, 0.95],
        [0, 1.02],
      ])}" fill="${cloth}"/>`
      for (const y of [1.12, 1.28, 1.44])
        out += `<path d="${P(
          [
            [-0.52, y],
            [0, y + 0.12],
            [0.45, y],
          ],
          false,
        )}" stroke="${accent}" stroke-width="${0.03 * c.h}" fill="none" opacity="0.6"/>`
      break
    case 'blazer': {
      out += `<path d="${P([
        [-0.55, 1.28],
        [0.05, 2.6],
        [0.5, 1.3],
      ])}" fill="${paper}"/>`
      out += `<path d="${P([
        [-0.5, 1.25],
        [-0.15, 1.55],
        [-0.32, 1.7],
        [0.02, 2.75],
        [-0.7, 1.9],
        [-0.85, 1.55],
      ])}" fill="${accent}"/>`
      out += `<path d="${P([
        [0.45, 1.28],
        [0.2, 1.58],
        [0.36, 1.72],
        [0.08, 2.75],
        [0.75, 1.85],
        [0.9, 1.5],
      ])}" fill="${accent}"/>`
      out += shadow()
      break
    }
    case 'cardigan':
      out += `<path d="${P([
        [-0.48, 1.3],
        [0, 1.62],
        [0.4, 1.32],
        [0.25, 5.2],
        [-0.3, 5.2],
      ])}" fill="${accent}"/>`
      out += shadow()
      for (const y of [2.4, 3.0, 3.6])
        out += `<circle cx="${place([[0.28, y]], c.cx, c.cy, c.h, 0, c.flip)[0]![0]}" cy="${c.cy + y * c.h}" r="${0.06 * c.h}" fill="${paper}"/>`
      out += `<path d="${P(
        [
          [0.2, 1.6],
          [0.22, 5.2],
        ],
        false,
      )}" stroke="${paper}" stroke-width="${0.025 * c.h}" fill="none"/>`
      break
    case 'hoodie':
      out += `<path d="${P([
        [-1.1, 1.75],
        [-1.0, 1.1],
        [-0.4, 0.95],
        [0.2, 1.15],
        [0.55, 1.4],
        [0.2, 1.75],
        [-0.5, 1.8],
      ])}" fill="${accent}"/>`
      out += shadow()
      out += `<path d="${P(
        [
          [-0.1, 1.7],
          [-0.15, 2.5],
        ],
        false,
      )}" stroke="${paper}" stroke-width="${0.035 * c.h}" stroke-linecap="round" fill="none"/><path d="${P(
        [
          [0.2, 1.66],
          [0.22, 2.4],
        ],
        false,
      )}" stroke="${paper}" stroke-width="${0.035 * c.h}" stroke-linecap="round" fill="none"/>`
      break
    case 'overalls': {
      out += shadow()
      // bib overalls: a broad square bib with a chest pocket, straps over both shoulders
      out += `<path d="${polyPath(
        place(
          [
            [-1.05, 2.55],
            [1.0, 2.55],
            [1.1, 5.2],
            [-1.2, 5.2],
          ],
          c.cx,
          c.cy,
          c.h,
          0,
          c.flip,
        ),
      )}" fill="${accent}"/>`
      out += `<path d="${P(
        [
          [-1.2, 1.85],
          [-0.95, 2.6],
        ],
        false,
      )}" stroke="${accent}" stroke-width="${0.2 * c.h}" fill="none"/><path d="${P(
        [
          [1.05, 1.8],
          [0.9, 2.6],
        ],
        false,
      )}" stroke="${accent}" stroke-width="${0.2 * c.h}" fill="none"/>`
      out += `<path d="${polyPath(
        place(
          [
            [-0.35, 2.85],
            [0.35, 2.85],
            [0.35, 3.4],
            [-0.35, 3.4],
          ],
          c.cx,
          c.cy,
          c.h,
          0,
          c.flip,
        ),
      )}" fill="none" stroke="${paper}" stroke-width="${0.025 * c.h}" stroke-dasharray="${0.05 * c.h} ${0.04 * c.h}"/>`
      out += `<circle cx="${place([[-0.95, 2.62]], c.cx, c.cy, c.h, 0, c.flip)[0]![0]}" cy="${c.cy + 2.62 * c.h}" r="${0.06 * c.h}" fill="${paper}"/><circle cx="${place([[0.9, 2.62]], c.cx, c.cy, c.h, 0, c.flip)[0]![0]}" cy="${c.cy + 2.62 * c.h}" r="${0.06 * c.h}" fill="${paper}"/>`
      // paint flecks: the muralist's working clothes
      const flecks: Point[] = [
        [-1.6, 3.2],
        [-1.3, 2.6],
        [-0.5, 3.6],
        [0.3, 3.1],
        [1.2, 2.9],
        [1.5, 3.8],
        [-1.9, 4.1],
        [0.6, 4.3],
        [-0.2, 4.6],
      ]
      for (const [i, [x, y]] of flecks.entries()) {
        const [px, py] = place([[x, y]], c.cx, c.cy, c.h, 0, c.flip)[0]!
        out += `<circle cx="${px}" cy="${py}" r="${(0.04 + (i % 3) * 0.025) * c.h}" fill="${i % 2 ? paper : shade}"/>`
      }
      break
    }
    case 'shawl': {
      const shawl: Point[] = [
        [-0.6, 1.22],
        [-1.9, 1.95],
        [-2.35, 3.0],
        [-1.2, 3.6],
        [-0.1, 3.1],
        [0.8, 3.5],
        [1.95, 2.9],
        [1.55, 1.95],
        [0.5, 1.28],
        [0.1, 1.75],
        [-0.3, 1.7],
      ]
      const shawlD = P(shawl)
      out += shadow()
      out += `<path d="${shawlD}" fill="${accent}"/>`
      // patchwork squares: the quilter wears her craft
      const id = uid('sh')
      let patches = ''
      const size = 0.42 * c.h
      for (let gy = 0; gy < 8; gy++) {
        for (let gx = 0; gx < 16; gx++) {
          const k = (gx * 7 + gy * 3) % 5
          const x = c.cx - 3 * c.h + gx * size
          const y = c.cy + 1.1 * c.h + gy * size
          if (k === 0)
            patches += `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${cloth}"/>`
          else if (k === 2)
            patches += `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${paper}" opacity="0.55"/>`
          else if (k === 3)
            patches += `<path d="M${x} ${y}L${x + size} ${y}L${x} ${y + size}Z" fill="${shade}" opacity="0.6"/>`
        }
      }
      out += `<clipPath id="${id}"><path d="${shawlD}"/></clipPath><g clip-path="url(#${id})">${patches}</g>`
      out += `<path d="${shawlD}" fill="none" stroke="${paper}" stroke-width="${0.02 * c.h}" stroke-dasharray="${0.06 * c.h} ${0.05 * c.h}"/>`
      break
    }
    case 'denim':
      out += shadow()
      out += `<path d="${P([
        [-0.55, 1.25],
        [-1.0, 1.6],
        [-0.45, 1.95],
        [-0.1, 1.6],
      ])}" fill="${accent}"/><path d="${P([
        [0.45, 1.28],
        [0.95, 1.55],
        [0.45, 1.9],
        [0.15, 1.6],
      ])}" fill="${accent}"/>`
      out += `<path d="${P(
        [
          [0.05, 1.7],
          [0.1, 5.2],
        ],
        false,
      )}" stroke="${paper}" stroke-width="${0.02 * c.h}" stroke-dasharray="${0.05 * c.h} ${0.04 * c.h}" fill="none"/>`
      out += `<path d="${P(
        [
          [-1.6, 2.6],
          [-0.4, 2.5],
        ],
        false,
      )}" stroke="${paper}" stroke-width="${0.02 * c.h}" stroke-dasharray="${0.05 * c.h} ${0.04 * c.h}" fill="none"/><path d="${P(
        [
          [0.5, 2.5],
          [1.5, 2.55],
        ],
        false,
      )}" stroke="${paper}" stroke-width="${0.02 * c.h}" stroke-dasharray="${0.05 * c.h} ${0.04 * c.h}" fill="none"/>`
      break
    case 'wrap-top':
      out += shadow()
      out += `<path d="${P([
        [-0.5, 1.3],
        [0.9, 3.4],
        [1.9, 2.6],
        [0.5, 1.4],
      ])}" fill="${accent}"/>`
      out += halftone({
        ...box,
        step: c.h * 0.16,
        fill: paper,
        density: ramp.flat(0.35),
        clip: `<path d="${P([
          [-0.5, 1.3],
          [0.9, 3.4],
          [1.9, 2.6],
          [0.5, 1.4],
        ])}"/>`,
        opacity: 0.7,
      })
      break
    case 'shirt':
      out += shadow()
      out += `<path d="${P([
        [-0.5, 1.24],
        [-0.78, 1.66],
        [-0.2, 1.6],
        [0.02, 1.45],
      ])}" fill="${paper}"/><path d="${P([
        [0.4, 1.28],
        [0.7, 1.62],
        [0.2, 1.6],
        [0.05, 1.45],
      ])}" fill="${paper}"/>`
      out += `<path d="${P(
        [
          [0.02, 1.5],
          [0.04, 5.2],
        ],
        false,
      )}" stroke="${accent}" stroke-width="${0.03 * c.h}" fill="none"/>`
      for (const y of [2.1, 2.7, 3.3]) {
        const [bx] = place([[0.1, y]], c.cx, c.cy, c.h, 0, c.flip)[0]!
        out += `<circle cx="${bx}" cy="${c.cy + y * c.h}" r="${0.035 * c.h}" fill="${paper}"/>`
      }
      break
  }
  return out
}

/** A portrait bust. (cx, cy) is the centre of the skull; h is half the head's height in pixels. */
export function bust(spec: BustSpec, colors: Inks, cx: number, cy: number, h: number): string {
  const c: Ctx = { cx, cy, h, flip: spec.facing === 'left', tilt: spec.tilt ?? 0 }
  const skin = spec.skin ?? colors.b
  const hairColor = spec.hairColor ?? colors.a
  const cloth = spec.cloth ?? colors.a
  const clothAccent = spec.clothAccent ?? tint(colors.b, 0.75, colors.paper)
  const shade = overprint(skin, tint(colors.a, 0.55, colors.paper))
  const shape = { nose: spec.nose ?? 0.5, lips: spec.lips ?? 0.5, chin: spec.chin ?? 0.5 }
  const hp = (points: readonly Point[], closed = true) => smoothPath(head(c, points), closed)
  const hair = hairLayers(spec, c, hairColor, tint(colors.b, 0.8, colors.paper), colors.paper)

  let out = hair.back
  // neck, with the jaw's shadow falling on it
  const neck: Point[] = [
    [0.34, 0.6],
    [0.36, 1.1],
    [0.48, 1.6],
    [-0.5, 1.62],
    [-0.42, 1.05],
    [-0.45, 0.45],
  ]
  const neckD = smoothPath(pts(c, neck))
  out += `<path d="${neckD}" fill="${skin}"/>`
  out += `<path d="${smoothPath(
    pts(c, [
      [0.4, 0.7],
      [0.36, 1.08],
      [-0.1, 1.18],
      [-0.46, 0.9],
      [-0.45, 0.5],
    ]),
  )}" fill="${shade}" opacity="0.55"/>`
  out += clothingLayer(
    spec,
    c,
    cloth,
    clothAccent,
    colors.paper,
    overprint(cloth, tint(colors.b, 0.6, colors.paper)),
  )

  const faceD = hp(faceOutline(shape))
  out += `<path d="${faceD}" fill="${skin}"/>`
  // cheek-bone plane and temple in shadow: a single flat shape, as a screen printer would cut it
  out += `<path d="${hp([
    [-0.05, -0.55],
    [0.3, -0.45],
    [0.42, -0.1],
    [0.46, 0.3],
    [0.3, 0.62],
    [-0.05, 0.72],
    [-0.55, 0.58],
    [-0.72, 0.1],
    [-0.55, -0.45],
  ])}" fill="${shade}" opacity="0.35"/>`
  out += hair.front
  if (spec.beard) {
    const beardColor = spec.hair === 'silver' ? tint(hairColor, 0.3, colors.paper) : hairColor
    out += `<path d="${hp([
      [-0.12, 0.18],
      [0.1, 0.5],
      [0.42, 0.5],
      [0.62, 0.44],
      [0.7, 0.5],
      [0.79, 0.66],
      [0.6, 0.84],
      [0.25, 0.9],
      [-0.1, 0.72],
      [-0.3, 0.3],
    ])}" fill="${beardColor}"/>`
    out += `<path d="${hp([
      [0.56, 0.3],
      [0.8, 0.3],
      [0.78, 0.36],
      [0.56, 0.37],
    ])}" fill="${beardColor}"/>`
  }
  // ear (hidden by long hair and wraps)
  const earHidden =
    spec.hair === 'long' ||
    spec.hair === 'bob' ||
    spec.hair === 'wrap' ||
    spec.hair === 'locs' ||
    spec.hair === 'braids'
  if (!earHidden) {
    out += `<path d="${hp([
      [-0.06, -0.12],
      [0.06, -0.02],
      [0.06, 0.2],
      [-0.04, 0.3],
      [-0.16, 0.22],
      [-0.2, 0.02],
    ])}" fill="${skin}"/>`
    out += `<path d="${hp(
      [
        [-0.02, -0.05],
        [0.02, 0.1],
        [-0.06, 0.22],
      ],
      false,
    )}" stroke="${shade}" stroke-width="${0.035 * h}" fill="none" stroke-linecap="round"/>`
  }
  if (spec.earring) {
    const [ex, ey] = head(c, [[-0.02, 0.4]])[0]!
    out += `<circle cx="${ex}" cy="${ey}" r="${0.09 * h}" fill="none" stroke="${colors.paper}" stroke-width="${0.035 * h}"/>`
  }
  // eye, brow and mouth: single confident strokes
  const stroke = (points: readonly Point[], width: number, color = hairColor) =>
    `<path d="${hp(points, false)}" stroke="${color}" stroke-width="${width * h}" fill="none" stroke-linecap="round"/>`
  out += stroke(
    [
      [0.5, -0.1],
      [0.58, -0.06],
      [0.66, -0.09],
    ],
    0.045,
  )
  out += stroke(
    [
      [0.46, -0.24],
      [0.6, -0.26],
      [0.72, -0.21],
    ],
    0.05,
  )
  out += stroke(
    [
      [0.66, 0.405],
      [0.74, 0.4],
    ],
    0.03,
    shade,
  )
  if (spec.glasses) {
    out += `<path d="${hp([
      [0.46, -0.2],
      [0.72, -0.19],
      [0.74, 0.02],
      [0.5, 0.06],
      [0.44, -0.05],
    ])}" fill="${colors.paper}" fill-opacity="0.25" stroke="${hairColor}" stroke-width="${0.04 * h}"/>`
    out += stroke(
      [
        [0.45, -0.12],
        [0.05, -0.05],
      ],
      0.035,
    )
  }
  out += hair.overBody
  return out
}

/** A small standing figure for scenes, seen from the side or back: head, body, legs. */
export function figure(o: {
  x: number
  y: number
  height: number
  fill: string
  accent?: string
  pose?: 'stand' | 'walk' | 'sit' | 'reach' | 'child'
  hair?: 'round' | 'bun' | 'wrap' | 'short' | 'long'
  facing?: 1 | -1
}): string {
  const s = o.height / 10
  const f = o.facing ?? 1
  const X = (dx: number) => o.x + dx * s * f
  const Y = (dy: number) => o.y - o.height + dy * s
  const pose = o.pose ?? 'stand'
  const headR = 0.85
  let out = ''
  const accent = o.accent ?? o.fill
  // body
  if (pose === 'sit') {
    out += `<path d="${smoothPath([
      [X(-0.9), Y(2.3)],
      [X(1.0), Y(2.4)],
      [X(1.3), Y(5.6)],
      [X(3.2), Y(5.8)],
      [X(3.2), Y(6.6)],
      [X(-0.9), Y(6.6)],
      [X(-1.3), Y(4)],
    ])}" fill="${accent}"/>`
    out += `<path d="M${X(2.6)} ${Y(6.2)}L${X(2.9)} ${Y(10)}" stroke="${o.fill}" stroke-width="${0.9 * s}" stroke-linecap="round"/>`
  } else {
    const stride = pose === 'walk' ? 1.4 : 0.45
    out += `<path d="M${X(-0.3)} ${Y(6)}L${X(-stride)} ${Y(10)}" stroke="${o.fill}" stroke-width="${0.95 * s}" stroke-linecap="round"/>`
    out += `<path d="M${X(0.3)} ${Y(6)}L${X(stride)} ${Y(10)}" stroke="${o.fill}" stroke-width="${0.95 * s}" stroke-linecap="round"/>`
    out += `<path d="${smoothPath([
      [X(-0.95), Y(2.4)],
      [X(0.95), Y(2.4)],
      [X(1.25), Y(6.6)],
      [X(-1.25), Y(6.6)],
    ])}" fill="${accent}"/>`
  }
  if (pose === 'reach')
    out += `<path d="M${X(0.6)} ${Y(2.9)}L${X(2.2)} ${Y(0.4)}" stroke="${accent}" stroke-width="${0.75 * s}" stroke-linecap="round"/>`
  else if (pose === 'walk')
    out += `<path d="M${X(0.4)} ${Y(3)}L${X(1.3)} ${Y(5.2)}" stroke="${accent}" stroke-width="${0.7 * s}" stroke-linecap="round"/>`
  // head and hair
  out += `<circle cx="${X(0.1)}" cy="${Y(1.25)}" r="${headR * s}" fill="${o.fill}"/>`
  switch (o.hair) {
    case 'round':
      out += `<circle cx="${X(-0.15)}" cy="${Y(0.95)}" r="${1.15 * s}" fill="${o.fill}"/>`
      break
    case 'bun':
      out += `<circle cx="${X(-0.55)}" cy="${Y(0.2)}" r="${0.45 * s}" fill="${o.fill}"/>`
      break
    case 'wrap':
      out += `<path d="${smoothPath([
        [X(-0.7), Y(1.1)],
        [X(-0.6), Y(-0.5)],
        [X(0.4), Y(-0.6)],
        [X(0.85), Y(0.9)],
      ])}" fill="${accent}"/>`
      break
    case 'long':
      out += `<path d="${smoothPath([
        [X(0.6), Y(0.6)],
        [X(-0.3), Y(0.2)],
        [X(-0.95), Y(1.4)],
        [X(-0.9), Y(3.6)],
        [X(-0.2), Y(3.0)],
      ])}" fill="${o.fill}"/>`
      break
    default:
      break
  }
  return out
}
