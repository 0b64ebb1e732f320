/**
 * Small SVG building blocks shared by every drawing: the document wrapper, smooth outlines through
 * points, and printed halftone. librsvg (inside sharp) renders the result, so everything here sticks
 * to SVG 1.1 plus mix-blend-mode, which librsvg supports.
 */
export type Point = readonly [number, number]

let idCounter = 0
/** A document-unique id for clip paths and patterns. */
export function uid(prefix: string): string {
  idCounter += 1
  return `${prefix}${idCounter}`
}

export function svgDoc(width: number, height: number, body: string, viewBox?: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox ?? `0 0 ${width} ${height}`}">${body}</svg>`
}

const r2 = (n: number) => Math.round(n * 100) / 100

/** A smooth closed (or open) outline through the points: Catmull-Rom turned into cubic Béziers. */
export function smoothPath(points: readonly Point[], closed = true, tension = 1): string {
  const n = points.length
  const at = (i: number): Point =>
    closed ? points[(i + n) % n]! : points[Math.max(0, Math.min(n - 1, i))]!
  let d = `M${r2(points[0]![0])} ${r2(points[0]![1])}`
  const last = closed ? n : n - 1
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1)
    const p1 = at(i)
    const p2 = at(i + 1)
    const p3 = at(i + 2)
    const k = tension / 6
    const c1: Point = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k]
    const c2: Point = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k]
    d += `C${r2(c1[0])} ${r2(c1[1])} ${r2(c2[0])} ${r2(c2[1])} ${r2(p2[0])} ${r2(p2[1])}`
  }
  return closed ? `${d}Z` : d
}

/** Straight-edged polygon path. */
export function polyPath(points: readonly Point[]): string {
  return `M${points.map(([x, y]) => `${r2(x)} ${r2(y)}`).join('L')}Z`
}

/** Map points from a unit design space (centre cx, cy; scale s; rotation deg) into the picture. */
export function place(
  points: readonly Point[],
  cx: number,
  cy: number,
  s: number,
  rotateDeg = 0,
  flip = false,
): Point[] {
  const a = (rotateDeg * Math.PI) / 180
  const cos = Math.cos(a)
  const sin = Math.sin(a)
  return points.map(([x0, y]) => {
    const x = flip ? -x0 : x0
    return [cx + (x * cos - y * sin) * s, cy + (x * sin + y * cos) * s] as const
  })
}

export type HalftoneOptions = {
  x: number
  y: number
  w: number
  h: number
  /** Distance between dot centres. */
  step: number
  fill: string
  /** Dot size 0..1 at a point given as fractions of the box (u across, v down). */
  density: (u: number, v: number) => number
  /** Screen angle in degrees; 45 is the classic single-ink angle. */
  angle?: number
  /** Optional clip: any SVG shape markup (path, circle...) without a fill. */
  clip?: string
  opacity?: number
}

/**
 * Coarseness of every halftone screen. Dots are the costliest thing in the picture files (each dot
 * edge is detail the codec must keep), so the screen is coarse: bolder, riso-like dots, fewer bytes.
 */
export const SCREEN = 1.7

/**
 * A printed halftone screen: a grid of dots whose size follows `density`. Dots are real circles,
 * not a pattern, so a gradient reads as dots that swell, as on newsprint.
 */
export function halftone(o: HalftoneOptions): string {
  const step = o.step * SCREEN
  const angle = ((o.angle ?? 45) * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const cx = o.x + o.w / 2
  const cy = o.y + o.h / 2
  const reach = Math.hypot(o.w, o.h) / 2 + step
  const maxR = step * 0.62
  let dots = ''
  for (let j = -reach; j <= reach; j += step) {
    for (let i = -reach; i <= reach; i += step) {
      const px = cx + i * cos - j * sin
      const py = cy + i * sin + j * cos
      if (px < o.x - step || px > o.x + o.w + step || py < o.y - step || py > o.y + o.h + step)
        continue
      const d = o.density((px - o.x) / o.w, (py - o.y) / o.h)
      if (d <= 0.04) continue
      const r = maxR * Math.sqrt(Math.min(1, d))
      dots += `<circle cx="${r2(px)}" cy="${r2(py)}" r="${r2(r)}"/>`
    }
  }
  const opacity = o.opacity === undefined ? '' : ` opacity="${o.opacity}"`
  if (!o.clip) return `<g fill="${o.fill}"${opacity}>${dots}</g>`
  const id = uid('ht')
  return `<clipPath id="${id}">${o.clip}</clipPath><g clip-path="url(#${id})" fill="${o.fill}"${opacity}>${dots}</g>`
}

/** Density ramps for halftone: linear from one side, or radial from a point. */
export const ramp = {
  down:
    (from = 0, to = 1) =>
    (_u: number, v: number) =>
      from + (to - from) * v,
  up:
    (from = 0, to = 1) =>
    (_u: number, v: number) =>
      from + (to - from) * (1 - v),
  right:
    (from = 0, to = 1) =>
    (u: number) =>
      from + (to - from) * u,
  left:
    (from = 0, to = 1) =>
    (u: number) =>
      from + (to - from) * (1 - u),
  radial:
    (cu: number, cv: number, radius: number, inner = 1, outer = 0) =>
    (u: number, v: number) => {
      const t = Math.min(1, Math.hypot(u - cu, v - cv) / radius)
      return inner + (outer - inner) * t
    },
  flat: (d: number) => () => d,
}

/** Parallel hatching lines inside a clip: the second texture of the print look. */
export function hatch(o: {
  x: number
  y: number
  w: number
  h: number
  gap: number
  stroke: string
  width: number
  angle?: number
  clip?: string
  opacity?: number
}): string {
  const a = ((o.angle ?? -30) * Math.PI) / 180
  const cx = o.x + o.w / 2
  const cy = o.y + o.h / 2
  const reach = Math.hypot(o.w, o.h) / 2
  let d = ''
  for (let k = -reach; k <= reach; k += o.gap) {
    const x1 = cx + -reach * Math.cos(a) - k * Math.sin(a)
    const y1 = cy + -reach * Math.sin(a) + k * Math.cos(a)
    const x2 = cx + reach * Math.cos(a) - k * Math.sin(a)
    const y2 = cy + reach * Math.sin(a) + k * Math.cos(a)
    d += `M${r2(x1)} ${r2(y1)}L${r2(x2)} ${r2(y2)}`
  }
  const opacity = o.opacity === undefined ? '' : ` opacity="${o.opacity}"`
  const lines = `<path d="${d}" stroke="${o.stroke}" stroke-width="${o.width}" fill="none"${opacity}/>`
  if (!o.clip) return lines
  const id = uid('hc')
  return `<clipPath id="${id}">${o.clip}</clipPath><g clip-path="url(#${id})">${lines}</g>`
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}
