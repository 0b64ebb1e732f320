/**
 * Things that tell a story: microphones, notebooks, quilts, porches, courthouse stairs. Each prop is
 * drawn around an anchor (usually its bottom centre) at size `s` in pixels, in the two inks of the
 * picture it sits in, so the same prop can appear in any duotone.
 */
import { overprint, tint, type Inks } from '#scripts/media/lib/palette.ts'
import { halftone, hatch, ramp, smoothPath, type Point } from '#scripts/media/lib/svg.ts'
import { arcPath, circle, ellipse, line, path, poly, rect, stitch, stroke } from './shapes.ts'

export type Tones = Inks & {
  aSoft: string
  bSoft: string
  bPale: string
  aPale: string
  dark: string
}

export function tones(c: Inks): Tones {
  return {
    ...c,
    aSoft: tint(c.a, 0.55, c.paper),
    aPale: tint(c.a, 0.22, c.paper),
    bSoft: tint(c.b, 0.5, c.paper),
    bPale: tint(c.b, 0.22, c.paper),
    dark: overprint(c.a, c.b),
  }
}

// ---------------------------------------------------------------- sound, words, screens

export function microphone(x: number, y: number, s: number, t: Tones, stand = true): string {
  const w = s * 0.2
  const top = y - s
  let out = ''
  if (stand) {
    out += ellipse(x, y - s * 0.02, s * 0.2, s * 0.04, t.a)
    out += line(x, y - s * 0.03, x, top + s * 0.46, t.a, s * 0.035)
    out += stroke(arcPath(x, top + s * 0.27, s * 0.16, 0.15, Math.PI - 0.15), t.a, s * 0.03)
  }
  out += rect(x - w / 2, top, w, s * 0.36, t.a, `rx="${w / 2}"`)
  out += rect(
    x - w / 2 + s * 0.02,
    top + s * 0.02,
    w - s * 0.04,
    s * 0.18,
    t.bSoft,
    `rx="${(w - s * 0.04) / 2}"`,
  )
  out += hatch({
    x: x - w / 2,
    y: top,
    w,
    h: s * 0.22,
    gap: s * 0.025,
    stroke: t.a,
    width: s * 0.007,
    angle: 0,
    clip: `<rect x="${x - w / 2 + s * 0.02}" y="${top + s * 0.02}" width="${w - s * 0.04}" height="${s * 0.18}" rx="${(w - s * 0.04) / 2}"/>`,
  })
  out += rect(x - w / 2 - s * 0.01, top + s * 0.2, w + s * 0.02, s * 0.04, t.b)
  return out
}

/** Concentric arcs of sound, radiating to one side. */
export function soundWaves(
  x: number,
  y: number,
  s: number,
  color: string,
  count = 4,
  direction = 1,
  phase = 0,
): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const r = s * (0.35 + i * 0.22 + phase * 0.22)
    const a = direction > 0 ? 0 : Math.PI
    out += stroke(
      arcPath(x, y, r, a - 0.6, a + 0.6),
      color,
      s * 0.035,
      `opacity="${Math.max(0, 1 - (i + phase) / count).toFixed(2)}"`,
    )
  }
  return out
}

export function headphones(x: number, y: number, s: number, t: Tones): string {
  return (
    stroke(arcPath(x, y, s * 0.42, Math.PI * 1.05, Math.PI * 1.95), t.a, s * 0.07) +
    rect(x - s * 0.52, y - s * 0.08, s * 0.18, s * 0.3, t.b, `rx="${s * 0.06}"`) +
    rect(x + s * 0.34, y - s * 0.08, s * 0.18, s * 0.3, t.b, `rx="${s * 0.06}"`)
  )
}

export function notebook(x: number, y: number, s: number, t: Tones, seed = 0): string {
  // open notebook seen from above, slightly rotated; lines of handwriting as wavy strokes
  const w = s * 1.5
  const h = s
  let out = `<g transform="rotate(-6 ${x} ${y})">`
  out += rect(x - w / 2 + s * 0.03, y - h / 2 + s * 0.04, w, h, t.dark, 'opacity="0.25"')
  out += rect(
    x - w / 2,
    y - h / 2,
    w / 2,
    h,
    t.paper,
    `stroke="${t.a}" stroke-width="${s * 0.008}"`,
  )
  out += rect(x, y - h / 2, w / 2, h, t.paper, `stroke="${t.a}" stroke-width="${s * 0.008}"`)
  out += line(x, y - h / 2, x, y + h / 2, t.a, s * 0.012)
  for (let side = 0; side < 2; side++) {
    const x0 = x - w / 2 + side * (w / 2) + s * 0.07
    for (let i = 0; i < 9; i++) {
      const ly = y - h / 2 + s * 0.12 + i * s * 0.09
      out += line(x0 - s * 0.02, ly, x0 + w / 2 - s * 0.12, ly, t.bSoft, s * 0.005)
      const len = (w / 2 - s * 0.18) * (0.45 + (((i * 7 + seed + side * 3) % 5) / 5) * 0.55)
      if (side === 1 && i > 6) continue
      let d = `M${x0} ${ly - s * 0.02}`
      for (let k = 0; k < len; k += s * 0.03)
        d += `Q${x0 + k + s * 0.008} ${ly - s * 0.05} ${x0 + k + s * 0.015} ${ly - s * 0.02}T${x0 + k + s * 0.03} ${ly - s * 0.02}`
      out += stroke(d, t.a, s * 0.007, 'opacity="0.8"')
    }
  }
  out += '</g>'
  return out
}

export function pen(x: number, y: number, s: number, t: Tones, angle = -35): string {
  return `<g transform="rotate(${angle} ${x} ${y})">${rect(x - s * 0.04, y - s, s * 0.08, s * 0.8, t.a, `rx="${s * 0.03}"`)}${rect(x - s * 0.04, y - s * 0.62, s * 0.08, s * 0.1, t.b)}${poly(
    [
      [x - s * 0.04, y - s * 0.2],
      [x + s * 0.04, y - s * 0.2],
      [x, y],
    ],
    t.a,
  )}</g>`
}

export function screen(
  x: number,
  y: number,
  s: number,
  t: Tones,
  content: 'play' | 'lesson' | 'lock' = 'play',
): string {
  // laptop: x,y is the middle of the hinge
  const w = s * 1.6
  const h = s
  let out = rect(x - w / 2, y - h, w, h, t.a, `rx="${s * 0.05}"`)
  out += rect(
    x - w / 2 + s * 0.06,
    y - h + s * 0.06,
    w - s * 0.12,
    h - s * 0.12,
    t.bPale,
    `rx="${s * 0.02}"`,
  )
  out += poly(
    [
      [x - w / 2 - s * 0.15, y],
      [x + w / 2 + s * 0.15, y],
      [x + w / 2 + s * 0.05, y + s * 0.08],
      [x - w / 2 - s * 0.05, y + s * 0.08],
    ],
    t.a,
  )
  const cx = x
  const cy = y - h / 2
  if (content === 'play') {
    out += circle(cx, cy, s * 0.2, t.b)
    out += poly(
      [
        [cx - s * 0.06, cy - s * 0.1],
        [cx + s * 0.11, cy],
        [cx - s * 0.06, cy + s * 0.1],
      ],
      t.paper,
    )
    out +=
      rect(x - w / 2 + s * 0.14, y - s * 0.16, w - s * 0.28, s * 0.025, t.aSoft) +
      rect(x - w / 2 + s * 0.14, y - s * 0.16, (w - s * 0.28) * 0.4, s * 0.025, t.b)
  } else if (content === 'lesson') {
    out += rect(x - w / 2 + s * 0.14, y - h + s * 0.16, s * 0.55, s * 0.4, t.bSoft)
    out += circle(x - w / 2 + s * 0.41, y - h + s * 0.36, s * 0.08, t.paper)
    for (let i = 0; i < 5; i++)
      out += rect(
        x - w / 2 + s * 0.8,
        y - h + s * (0.18 + i * 0.09),
        s * (0.55 - (i % 2) * 0.15),
        s * 0.035,
        t.aSoft,
      )
  } else {
    out += padlock(cx, cy + s * 0.22, s * 0.42, t)
  }
  return out
}

export function padlock(x: number, y: number, s: number, t: Tones): string {
  return (
    stroke(
      `M${x - s * 0.25} ${y - s * 0.5}V${y - s * 0.72}A${s * 0.25} ${s * 0.25} 0 0 1 ${x + s * 0.25} ${y - s * 0.72}V${y - s * 0.5}`,
      t.a,
      s * 0.09,
    ) +
    rect(x - s * 0.4, y - s * 0.55, s * 0.8, s * 0.55, t.b, `rx="${s * 0.06}"`) +
    circle(x, y - s * 0.32, s * 0.07, t.a) +
    rect(x - s * 0.025, y - s * 0.3, s * 0.05, s * 0.15, t.a)
  )
}

export function books(x: number, y: number, s: number, t: Tones, count = 4): string {
  // a stack of books, bottom centre at x,y
  let out = ''
  let top = y
  const fills = [t.a, t.b, t.aSoft, t.bSoft, t.dark]
  for (let i = 0; i < count; i++) {
    const h = s * (0.16 + (i % 3) * 0.03)
    const w = s * (1.1 - (i % 2) * 0.12)
    const off = ((i * 37) % 11) * s * 0.01 - s * 0.05
    out += rect(x - w / 2 + off, top - h, w, h, fills[i % fills.length]!, `rx="${s * 0.02}"`)
    out += line(
      x - w / 2 + off + s * 0.06,
      top - h / 2,
      x + w / 2 + off - s * 0.2,
      top - h / 2,
      t.paper,
      s * 0.012,
      'opacity="0.8"',
    )
    top -= h
  }
  return out
}

export function clock(x: number, y: number, r: number, t: Tones, hours = 10, minutes = 10): string {
  const ha = ((hours % 12) / 12 + minutes / 720) * Math.PI * 2 - Math.PI / 2
  const ma = (minutes / 60) * Math.PI * 2 - Math.PI / 2
  let out = circle(x, y, r, t.paper, `stroke="${t.a}" stroke-width="${r * 0.1}"`)
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2
    out += line(
      x + Math.cos(a) * r * 0.75,
      y + Math.sin(a) * r * 0.75,
      x + Math.cos(a) * r * 0.85,
      y + Math.sin(a) * r * 0.85,
      t.a,
      r * 0.05,
    )
  }
  out += line(x, y, x + Math.cos(ha) * r * 0.45, y + Math.sin(ha) * r * 0.45, t.a, r * 0.09)
  out += line(x, y, x + Math.cos(ma) * r * 0.7, y + Math.sin(ma) * r * 0.7, t.b, r * 0.06)
  return out + circle(x, y, r * 0.07, t.a)
}

export function calendar(x: number, y: number, s: number, t: Tones, marked = 11): string {
  let out = rect(x - s / 2, y - s, s, s, t.paper, `stroke="${t.a}" stroke-width="${s * 0.02}"`)
  out += rect(x - s / 2, y - s, s, s * 0.2, t.b)
  out += circle(x - s * 0.25, y - s, s * 0.035, t.a) + circle(x + s * 0.25, y - s, s * 0.035, t.a)
  for (let i = 0; i < 35; i++) {
    const cx = x - s * 0.4 + (i % 7) * s * 0.133
    const cy = y - s * 0.7 + Math.floor(i / 7) * s * 0.13
    if (i < marked)
      out +=
        line(cx - s * 0.035, cy - s * 0.035, cx + s * 0.035, cy + s * 0.035, t.a, s * 0.016) +
        line(cx + s * 0.035, cy - s * 0.035, cx - s * 0.035, cy + s * 0.035, t.a, s * 0.016)
    else out += circle(cx, cy, s * 0.018, t.aSoft)
  }
  return out
}

export function envelope(x: number, y: number, s: number, t: Tones, angle = 0): string {
  const w = s * 1.5
  return `<g transform="rotate(${angle} ${x} ${y})">${rect(x - w / 2, y - s, w, s, t.paper, `stroke="${t.a}" stroke-width="${s * 0.025}"`)}${stroke(`M${x - w / 2} ${y - s}L${x} ${y - s * 0.45}L${x + w / 2} ${y - s}`, t.a, s * 0.025)}${circle(x, y - s * 0.45, s * 0.09, t.b)}</g>`
}

export function phone(x: number, y: number, s: number, t: Tones): string {
  let out = rect(x - s * 0.27, y - s, s * 0.54, s, t.a, `rx="${s * 0.07}"`)
  out += rect(x - s * 0.22, y - s * 0.92, s * 0.44, s * 0.8, t.bPale, `rx="${s * 0.03}"`)
  for (let i = 0; i < 4; i++)
    out += rect(
      x - s * 0.17 + (i % 2) * s * 0.08,
      y - s * 0.82 + i * s * 0.15,
      s * 0.26,
      s * 0.08,
      i % 2 ? t.b : t.aSoft,
      `rx="${s * 0.03}"`,
    )
  return out
}

export function cup(x: number, y: number, s: number, t: Tones): string {
  return (
    stroke(
      `M${x + s * 0.3} ${y - s * 0.65}C${x + s * 0.6} ${y - s * 0.65} ${x + s * 0.6} ${y - s * 0.25} ${x + s * 0.28} ${y - s * 0.3}`,
      t.a,
      s * 0.07,
    ) +
    path(
      `M${x - s * 0.38} ${y - s * 0.8}H${x + s * 0.38}L${x + s * 0.3} ${y - s * 0.08}Q${x} ${y + s * 0.02} ${x - s * 0.3} ${y - s * 0.08}Z`,
      t.b,
    ) +
    stroke(
      `M${x - s * 0.1} ${y - s * 0.95}q${s * 0.08} -${s * 0.12} 0 -${s * 0.24}q-${s * 0.08} -${s * 0.12} 0 -${s * 0.24}`,
      t.aSoft,
      s * 0.035,
    ) +
    stroke(
      `M${x + s * 0.1} ${y - s * 0.95}q${s * 0.08} -${s * 0.12} 0 -${s * 0.24}`,
      t.aSoft,
      s * 0.035,
    )
  )
}

// ---------------------------------------------------------------- craft: quilt, paint, camera

const patchMotifs = ['house', 'heart', 'bird', 'sun', 'tri', 'plain', 'star', 'hand'] as const

export function quiltPatch(x: number, y: number, size: number, k: number, t: Tones): string {
  const fills = [t.b, t.aSoft, t.bPale, t.a, t.bSoft, t.paper]
  const bg = fills[k % fills.length]!
  const fg = bg === t.a || bg === t.b ? t.paper : bg === t.paper ? t.b : t.a
  let out = rect(x, y, size, size, bg)
  const cx = x + size / 2
  const cy = y + size / 2
  const m = size * 0.3
  switch (patchMotifs[(k * 5 + 3) % patchMotifs.length]) {
    case 'house':
      out +=
        poly(
          [
            [cx - m, cy + m],
            [cx - m, cy - m * 0.1],
            [cx, cy - m],
            [cx + m, cy - m * 0.1],
            [cx + m, cy + m],
          ],
          fg,
        ) + rect(cx - m * 0.25, cy + m * 0.2, m * 0.5, m * 0.8, bg)
      break
    case 'heart':
      out += path(
        `M${cx} ${cy + m}C${cx - m * 1.6} ${cy - m * 0.2} ${cx - m * 0.6} ${cy - m * 1.4} ${cx} ${cy - m * 0.4}C${cx + m * 0.6} ${cy - m * 1.4} ${cx + m * 1.6} ${cy - m * 0.2} ${cx} ${cy + m}Z`,
        fg,
      )
      break
    case 'bird':
      out += path(
        `M${cx - m} ${cy}Q${cx - m * 0.2} ${cy - m} ${cx + m * 0.4} ${cy - m * 0.3}L${cx + m} ${cy - m * 0.5}L${cx + m * 0.6} ${cy}Q${cx} ${cy + m * 0.8} ${cx - m} ${cy}Z`,
        fg,
      )
      break
    case 'sun':
      out += circle(cx, cy, m * 0.6, fg)
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2
        out += line(
          cx + Math.cos(a) * m * 0.8,
          cy + Math.sin(a) * m * 0.8,
          cx + Math.cos(a) * m * 1.1,
          cy + Math.sin(a) * m * 1.1,
          fg,
          size * 0.03,
        )
      }
      break
    case 'tri':
      out += poly(
        [
          [x, y],
          [x + size, y],
          [x, y + size],
        ],
        fg,
      )
      break
    case 'star':
      out += poly(
        Array.from(
          { length: 10 },
          (_, i) =>
            [
              cx + Math.cos((i * Math.PI) / 5 - Math.PI / 2) * (i % 2 ? m * 0.45 : m),
              cy + Math.sin((i * Math.PI) / 5 - Math.PI / 2) * (i % 2 ? m * 0.45 : m),
            ] as const,
        ),
        fg,
      )
      break
    case 'hand':
      out +=
        path(
          `M${cx - m * 0.6} ${cy + m}V${cy - m * 0.2}Q${cx - m * 0.6} ${cy - m} ${cx - m * 0.3} ${cy - m}V${cy - m * 0.1}M${cx - m * 0.3} ${cy - m}`,
          fg,
        ) + rect(cx - m * 0.6, cy - m * 0.8, m * 1.1, m * 1.8, fg, `rx="${m * 0.4}"`)
      break
    default:
      out += hatch({
        x,
        y,
        w: size,
        h: size,
        gap: size * 0.14,
        stroke: fg,
        width: size * 0.03,
        angle: 45,
        clip: `<rect x="${x}" y="${y}" width="${size}" height="${size}"/>`,
      })
  }
  out += stitch(
    `M${x + size * 0.06} ${y + size * 0.06}H${x + size * 0.94}V${y + size * 0.94}H${x + size * 0.06}Z`,
    fg === t.paper ? t.paper : t.a,
    size * 0.012,
  )
  return out
}

/** A story quilt of cols x rows patches; x, y is the top-left corner. */
export function quilt(
  x: number,
  y: number,
  cols: number,
  rows: number,
  size: number,
  t: Tones,
  offset = 0,
): string {
  let out = rect(
    x - size * 0.12,
    y - size * 0.12,
    cols * size + size * 0.24,
    rows * size + size * 0.24,
    t.a,
  )
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++)
      out += quiltPatch(x + i * size, y + j * size, size, i * 3 + j * 5 + offset, t)
  return out
}

export function spool(x: number, y: number, s: number, t: Tones): string {
  return (
    rect(x - s * 0.3, y - s, s * 0.6, s * 0.12, t.a, `rx="${s * 0.03}"`) +
    rect(x - s * 0.22, y - s * 0.88, s * 0.44, s * 0.76, t.b) +
    hatch({
      x: x - s * 0.22,
      y: y - s * 0.88,
      w: s * 0.44,
      h: s * 0.76,
      gap: s * 0.04,
      stroke: t.dark,
      width: s * 0.012,
      angle: 8,
      clip: `<rect x="${x - s * 0.22}" y="${y - s * 0.88}" width="${s * 0.44}" height="${s * 0.76}"/>`,
      opacity: 0.5,
    }) +
    rect(x - s * 0.3, y - s * 0.12, s * 0.6, s * 0.12, t.a, `rx="${s * 0.03}"`)
  )
}

export function needle(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  s: number,
  t: Tones,
): string {
  return (
    line(x1, y1, x2, y2, t.a, s * 0.025) +
    ellipse(
      x1 + (x2 - x1) * 0.06,
      y1 + (y2 - y1) * 0.06,
      s * 0.012,
      s * 0.03,
      t.paper,
      `transform="rotate(${(Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI + 90} ${x1 + (x2 - x1) * 0.06} ${y1 + (y2 - y1) * 0.06})"`,
    )
  )
}

export function paintCan(x: number, y: number, s: number, t: Tones, fill: string): string {
  return (
    rect(x - s * 0.4, y - s * 0.8, s * 0.8, s * 0.8, t.aSoft, `rx="${s * 0.04}"`) +
    ellipse(x, y - s * 0.8, s * 0.4, s * 0.1, t.a) +
    ellipse(x, y - s * 0.8, s * 0.34, s * 0.075, fill) +
    path(
      `M${x - s * 0.4} ${y - s * 0.78}Q${x - s * 0.4} ${y - s * 0.5} ${x - s * 0.3} ${y - s * 0.45}Q${x - s * 0.22} ${y - s * 0.5} ${x - s * 0.2} ${y - s * 0.72}Z`,
      fill,
    ) +
    rect(x - s * 0.4, y - s * 0.45, s * 0.8, s * 0.2, t.paper, 'opacity="0.6"') +
    stroke(
      `M${x - s * 0.4} ${y - s * 0.8}Q${x} ${y - s * 1.4} ${x + s * 0.4} ${y - s * 0.8}`,
      t.a,
      s * 0.025,
    )
  )
}

export function brush(x: number, y: number, s: number, t: Tones, angle = 30, tip?: string): string {
  return `<g transform="rotate(${angle} ${x} ${y})">${rect(x - s * 0.04, y - s, s * 0.08, s * 0.62, t.a, `rx="${s * 0.04}"`)}${rect(x - s * 0.06, y - s * 0.4, s * 0.12, s * 0.12, t.aSoft)}${path(`M${x - s * 0.06} ${y - s * 0.28}H${x + s * 0.06}Q${x + s * 0.07} ${y - s * 0.08} ${x} ${y}Q${x - s * 0.07} ${y - s * 0.08} ${x - s * 0.06} ${y - s * 0.28}Z`, tip ?? t.b)}</g>`
}

export function sprayCan(x: number, y: number, s: number, t: Tones, fill: string): string {
  return (
    rect(x - s * 0.17, y - s * 0.85, s * 0.34, s * 0.85, fill, `rx="${s * 0.06}"`) +
    path(
      `M${x - s * 0.17} ${y - s * 0.8}Q${x} ${y - s * 1.02} ${x + s * 0.17} ${y - s * 0.8}Z`,
      t.a,
    ) +
    rect(x - s * 0.05, y - s, s * 0.1, s * 0.1, t.a) +
    rect(x - s * 0.17, y - s * 0.55, s * 0.34, s * 0.18, t.paper, 'opacity="0.7"')
  )
}

export function camera(x: number, y: number, s: number, t: Tones): string {
  return (
    rect(x - s * 0.7, y - s * 0.8, s * 1.4, s * 0.8, t.a, `rx="${s * 0.08}"`) +
    rect(x - s * 0.5, y - s * 0.92, s * 0.35, s * 0.14, t.a, `rx="${s * 0.03}"`) +
    rect(x - s * 0.7, y - s * 0.6, s * 1.4, s * 0.35, t.aSoft) +
    circle(x + s * 0.05, y - s * 0.42, s * 0.3, t.paper) +
    circle(x + s * 0.05, y - s * 0.42, s * 0.23, t.b) +
    circle(x + s * 0.05, y - s * 0.42, s * 0.12, t.dark) +
    circle(x - s * 0.02, y - s * 0.5, s * 0.04, t.paper) +
    rect(x + s * 0.4, y - s * 0.76, s * 0.18, s * 0.08, t.b)
  )
}

/** Photographs pegged to a line; x1..x2 is the string. */
export function photoLine(
  x1: number,
  x2: number,
  y: number,
  s: number,
  t: Tones,
  count = 4,
): string {
  let out = stroke(`M${x1} ${y}Q${(x1 + x2) / 2} ${y + s * 0.25} ${x2} ${y}`, t.a, s * 0.015)
  for (let i = 0; i < count; i++) {
    const u = (i + 0.5) / count
    const px = x1 + (x2 - x1) * u
    const py = y + Math.sin(u * Math.PI) * s * 0.25 * 0.5 + s * 0.02
    const angle = ((i * 53) % 13) - 6
    let photo = rect(
      px - s * 0.32,
      py,
      s * 0.64,
      s * 0.74,
      t.paper,
      `stroke="${t.a}" stroke-width="${s * 0.01}"`,
    )
    photo += rect(px - s * 0.26, py + s * 0.06, s * 0.52, s * 0.5, i % 2 ? t.bSoft : t.aSoft)
    if (i % 3 === 0)
      photo +=
        circle(px, py + s * 0.28, s * 0.13, t.a) +
        path(
          `M${px - s * 0.24} ${py + s * 0.56}Q${px} ${py + s * 0.34} ${px + s * 0.24} ${py + s * 0.56}Z`,
          t.a,
        )
    else if (i % 3 === 1)
      photo +=
        poly(
          [
            [px - s * 0.26, py + s * 0.56],
            [px - s * 0.06, py + s * 0.26],
            [px + s * 0.08, py + s * 0.42],
            [px + s * 0.16, py + s * 0.32],
            [px + s * 0.26, py + s * 0.56],
          ],
          t.b,
        ) + circle(px + s * 0.12, py + s * 0.16, s * 0.06, t.paper)
    else photo += quiltPatch(px - s * 0.2, py + s * 0.1, s * 0.4, i, t)
    photo += rect(px - s * 0.04, py - s * 0.06, s * 0.08, s * 0.14, t.b)
    out += `<g transform="rotate(${angle} ${px} ${py})">${photo}</g>`
  }
  return out
}

// ---------------------------------------------------------------- buildings and places

export function brickWall(
  x: number,
  y: number,
  w: number,
  h: number,
  t: Tones,
  base: string,
): string {
  let out = rect(x, y, w, h, base)
  const bw = Math.max(24, w / 26)
  const bh = bw * 0.42
  let d = ''
  for (let row = 0, yy = y; yy < y + h; row++, yy += bh) {
    d += `M${x} ${yy}H${x + w}`
    for (let xx = x + (row % 2 ? bw / 2 : 0); xx < x + w; xx += bw)
      d += `M${xx} ${yy}V${Math.min(yy + bh, y + h)}`
  }
  out += `<path d="${d}" stroke="${t.paper}" stroke-width="${bh * 0.08}" opacity="0.35" fill="none"/>`
  return out
}

export function house(
  x: number,
  y: number,
  s: number,
  t: Tones,
  o: { body?: string; roof?: string; porch?: boolean; lit?: boolean; door?: string } = {},
): string {
  const w = s * 1.2
  const body = o.body ?? t.b
  const roof = o.roof ?? t.a
  let out = rect(x - w / 2, y - s * 0.7, w, s * 0.7, body)
  out += poly(
    [
      [x - w / 2 - s * 0.08, y - s * 0.68],
      [x, y - s * 1.15],
      [x + w / 2 + s * 0.08, y - s * 0.68],
    ],
    roof,
  )
  out += hatch({
    x: x - w / 2,
    y: y - s * 0.7,
    w,
    h: s * 0.7,
    gap: s * 0.06,
    stroke: t.paper,
    width: s * 0.006,
    angle: 0,
    clip: `<rect x="${x - w / 2}" y="${y - s * 0.7}" width="${w}" height="${s * 0.7}"/>`,
    opacity: 0.35,
  })
  out += rect(x - s * 0.12, y - s * 0.42, s * 0.24, s * 0.42, o.door ?? t.a)
  const lit = o.lit ? tint(t.b, 0.35, t.paper) : t.paper
  out +=
    rect(x - w * 0.38, y - s * 0.5, s * 0.2, s * 0.2, lit) +
    rect(x + w * 0.38 - s * 0.2, y - s * 0.5, s * 0.2, s * 0.2, lit)
  if (o.porch) {
    out += rect(x - w / 2 - s * 0.05, y - s * 0.36, w + s * 0.1, s * 0.05, t.a)
    out +=
      rect(x - w / 2, y - s * 0.34, s * 0.035, s * 0.34, t.a) +
      rect(x + w / 2 - s * 0.035, y - s * 0.34, s * 0.035, s * 0.34, t.a)
    out += rect(x - s * 0.2, y - s * 0.04, s * 0.4, s * 0.04, t.a)
  }
  return out
}

/** A porch lamp with a halftone glow. */
export function lamp(x: number, y: number, s: number, t: Tones, glow: string): string {
  return (
    halftone({
      x: x - s * 2,
      y: y - s * 2,
      w: s * 4,
      h: s * 4,
      step: s * 0.12,
      fill: glow,
      density: ramp.radial(0.5, 0.5, 0.5, 0.9, 0),
    }) +
    circle(x, y, s * 0.55, glow, 'opacity="0.55"') +
    line(x, y - s * 0.9, x, y - s * 0.4, t.a, s * 0.06) +
    path(
      `M${x - s * 0.3} ${y - s * 0.4}H${x + s * 0.3}L${x + s * 0.22} ${y + s * 0.3}H${x - s * 0.22}Z`,
      t.a,
    ) +
    rect(x - s * 0.16, y - s * 0.3, s * 0.32, s * 0.5, glow)
  )
}

export function rockingChair(x: number, y: number, s: number, fill: string): string {
  return (
    stroke(
      `M${x - s * 0.55} ${y - s * 0.05}Q${x} ${y + s * 0.12} ${x + s * 0.5} ${y - s * 0.08}`,
      fill,
      s * 0.05,
    ) +
    line(x - s * 0.3, y, x - s * 0.3, y - s * 0.45, fill, s * 0.05) +
    line(x + s * 0.25, y, x + s * 0.25, y - s * 0.45, fill, s * 0.05) +
    rect(x - s * 0.36, y - s * 0.5, s * 0.7, s * 0.07, fill) +
    line(x - s * 0.32, y - s * 0.5, x - s * 0.42, y - s * 1.15, fill, s * 0.06) +
    line(x - s * 0.16, y - s * 0.5, x - s * 0.24, y - s * 1.1, fill, s * 0.03) +
    line(x - s * 0.46, y - s * 1.12, x - s * 0.16, y - s * 1.12, fill, s * 0.05)
  )
}

export function courthouse(
  x: number,
  y: number,
  w: number,
  t: Tones,
  o: { stone?: string; steps?: number } = {},
): string {
  const stone = o.stone ?? t.paper
  const h = w * 0.62
  let out = ''
  const steps = o.steps ?? 6
  const stepH = w * 0.03
  for (let i = 0; i < steps; i++)
    out += rect(
      x - w / 2 - (steps - i) * w * 0.03,
      y - (i + 1) * stepH,
      w + (steps - i) * w * 0.06,
      stepH,
      i % 2 ? t.aPale : tint(t.a, 0.32, t.paper),
    )
  const baseY = y - steps * stepH
  out += rect(x - w / 2, baseY - h * 0.72, w, h * 0.72, stone)
  const cols = 6
  for (let i = 0; i < cols; i++) {
    const cx = x - w / 2 + w * 0.08 + (i * (w * 0.84)) / (cols - 1)
    out += rect(cx - w * 0.035, baseY - h * 0.66, w * 0.07, h * 0.66, t.paper)
    out += rect(cx + w * 0.005, baseY - h * 0.66, w * 0.03, h * 0.66, t.aPale)
  }
  out += rect(x - w / 2 - w * 0.02, baseY - h * 0.78, w + w * 0.04, h * 0.08, t.a)
  out += poly(
    [
      [x - w / 2 - w * 0.04, baseY - h * 0.78],
      [x, baseY - h * 1.08],
      [x + w / 2 + w * 0.04, baseY - h * 0.78],
    ],
    t.a,
  )
  out += poly(
    [
      [x - w * 0.35, baseY - h * 0.82],
      [x, baseY - h * 1.0],
      [x + w * 0.35, baseY - h * 0.82],
    ],
    tint(t.a, 0.8, t.paper),
  )
  out += circle(x, baseY - h * 0.88, w * 0.035, t.b)
  return out
}

export function gate(x: number, y: number, s: number, t: Tones, open = 0.7): string {
  // two posts and a swinging picket gate; open 0..1
  let out = rect(x - s * 0.62, y - s, s * 0.12, s, t.a) + rect(x + s * 0.5, y - s, s * 0.12, s, t.a)
  out +=
    circle(x - s * 0.56, y - s * 1.04, s * 0.08, t.a) +
    circle(x + s * 0.56, y - s * 1.04, s * 0.08, t.a)
  const leaf = (hinge: number, dir: number) => {
    const width = s * 0.5 * (1 - open * 0.75)
    let g = ''
    for (let i = 0; i < 5; i++) {
      const px = hinge + (dir * (width * (i + 0.5))) / 5
      g += rect(
        px - s * 0.025,
        y - s * 0.82 - (i === 2 ? s * 0.08 : 0),
        s * 0.05,
        s * 0.78 + (i === 2 ? s * 0.08 : 0),
        t.a,
      )
    }
    g += rect(Math.min(hinge, hinge + dir * width), y - s * 0.62, width, s * 0.05, t.a)
    g += rect(Math.min(hinge, hinge + dir * width), y - s * 0.26, width, s * 0.05, t.a)
    return g
  }
  out += leaf(x - s * 0.5, 1) + leaf(x + s * 0.5, -1)
  return out
}

export function fence(x1: number, x2: number, y: number, s: number, color: string): string {
  let out =
    rect(Math.min(x1, x2), y - s * 0.7, Math.abs(x2 - x1), s * 0.06, color) +
    rect(Math.min(x1, x2), y - s * 0.35, Math.abs(x2 - x1), s * 0.06, color)
  for (let px = Math.min(x1, x2); px <= Math.max(x1, x2); px += s * 0.3)
    out += poly(
      [
        [px - s * 0.05, y],
        [px - s * 0.05, y - s * 0.85],
        [px, y - s * 0.95],
        [px + s * 0.05, y - s * 0.85],
        [px + s * 0.05, y],
      ],
      color,
    )
  return out
}

export function bus(x: number, y: number, s: number, t: Tones): string {
  const w = s * 2.6
  let out = rect(x - w / 2, y - s * 0.95, w, s * 0.8, t.b, `rx="${s * 0.1}"`)
  for (let i = 0; i < 5; i++)
    out += rect(
      x - w / 2 + s * 0.15 + i * s * 0.45,
      y - s * 0.85,
      s * 0.36,
      s * 0.3,
      t.paper,
      'opacity="0.85"',
    )
  out += rect(x - w / 2, y - s * 0.42, w, s * 0.06, t.a)
  out +=
    circle(x - w * 0.3, y - s * 0.15, s * 0.15, t.a) +
    circle(x + w * 0.3, y - s * 0.15, s * 0.15, t.a)
  out +=
    circle(x - w * 0.3, y - s * 0.15, s * 0.06, t.paper) +
    circle(x + w * 0.3, y - s * 0.15, s * 0.06, t.paper)
  return out
}

export function busStop(x: number, y: number, s: number, t: Tones): string {
  return (
    line(x, y, x, y - s, t.a, s * 0.04) +
    circle(x, y - s, s * 0.13, t.b) +
    rect(x - s * 0.06, y - s * 1.04, s * 0.12, s * 0.08, t.paper) +
    rect(x + s * 0.15, y - s * 0.45, s * 0.8, s * 0.06, t.a) +
    line(x + s * 0.25, y - s * 0.42, x + s * 0.25, y, t.a, s * 0.04) +
    line(x + s * 0.85, y - s * 0.42, x + s * 0.85, y, t.a, s * 0.04)
  )
}

export function car(x: number, y: number, s: number, t: Tones, body?: string): string {
  const w = s * 2
  return (
    path(
      `M${x - w / 2} ${y - s * 0.2}V${y - s * 0.45}Q${x - w / 2} ${y - s * 0.55} ${x - w * 0.36} ${y - s * 0.58}L${x - w * 0.2} ${y - s * 0.9}H${x + w * 0.16}L${x + w * 0.34} ${y - s * 0.58}Q${x + w / 2} ${y - s * 0.55} ${x + w / 2} ${y - s * 0.4}V${y - s * 0.2}Z`,
      body ?? t.b,
    ) +
    poly(
      [
        [x - w * 0.17, y - s * 0.84],
        [x - w * 0.02, y - s * 0.84],
        [x - w * 0.02, y - s * 0.6],
        [x - w * 0.3, y - s * 0.6],
      ],
      t.paper,
      'opacity="0.85"',
    ) +
    poly(
      [
        [x + w * 0.02, y - s * 0.84],
        [x + w * 0.14, y - s * 0.84],
        [x + w * 0.26, y - s * 0.6],
        [x + w * 0.02, y - s * 0.6],
      ],
      t.paper,
      'opacity="0.85"',
    ) +
    circle(x - w * 0.28, y - s * 0.2, s * 0.2, t.a) +
    circle(x + w * 0.28, y - s * 0.2, s * 0.2, t.a) +
    circle(x - w * 0.28, y - s * 0.2, s * 0.08, t.paper) +
    circle(x + w * 0.28, y - s * 0.2, s * 0.08, t.paper) +
    rect(x + w * 0.44, y - s * 0.42, s * 0.1, s * 0.06, t.paper)
  )
}

export function storefront(x: number, y: number, s: number, t: Tones): string {
  const w = s * 1.5
  let out = rect(x - w / 2, y - s, w, s, t.aSoft)
  out += rect(x - w / 2 - s * 0.04, y - s * 1.08, w + s * 0.08, s * 0.14, t.a)
  for (let i = 0; i < 6; i++)
    out += path(
      `M${x - w / 2 + (i * w) / 6} ${y - s * 0.94}h${w / 6}v${s * 0.12}a${w / 12} ${w / 12} 0 0 1 -${w / 6} 0z`,
      i % 2 ? t.b : t.paper,
    )
  out +=
    rect(x - w * 0.42, y - s * 0.62, w * 0.5, s * 0.45, t.bPale) +
    rect(x + w * 0.16, y - s * 0.62, w * 0.26, s * 0.62, t.a)
  out += rect(x - w * 0.38, y - s * 0.36, w * 0.18, s * 0.12, t.b)
  return out
}

export function office(x: number, y: number, w: number, h: number, t: Tones, fill: string): string {
  let out = rect(x - w / 2, y - h, w, h, fill)
  for (let yy = y - h + w * 0.1; yy < y - w * 0.25; yy += w * 0.16)
    for (let xx = x - w / 2 + w * 0.12; xx < x + w / 2 - w * 0.12; xx += w * 0.22)
      out += rect(xx, yy, w * 0.12, w * 0.09, t.paper, 'opacity="0.7"')
  return out + rect(x - w * 0.12, y - w * 0.22, w * 0.24, w * 0.22, t.a)
}

// ---------------------------------------------------------------- rooms, home, care

export function windowFrame(
  x: number,
  y: number,
  w: number,
  h: number,
  t: Tones,
  view: string,
  scenery = '',
): string {
  const clip = `win${Math.round(x)}${Math.round(y)}`
  return (
    rect(x - w / 2 - w * 0.06, y - h - w * 0.06, w + w * 0.12, h + w * 0.12, t.a) +
    rect(x - w / 2, y - h, w, h, view) +
    (scenery
      ? `<clipPath id="${clip}"><rect x="${x - w / 2}" y="${y - h}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${clip})">${scenery}</g>`
      : '') +
    rect(x - w * 0.015, y - h, w * 0.03, h, t.a) +
    rect(x - w / 2, y - h / 2 - w * 0.015, w, w * 0.03, t.a) +
    rect(x - w / 2 - w * 0.12, y + w * 0.04, w + w * 0.24, w * 0.06, t.a)
  )
}

export function plant(x: number, y: number, s: number, t: Tones, pot?: string): string {
  let out = ''
  const leaves: [number, number][] = [
    [-0.5, -0.9],
    [-0.25, -1.1],
    [0.05, -1.2],
    [0.3, -1.05],
    [0.5, -0.8],
    [-0.1, -0.95],
  ]
  for (const [dx, dy] of leaves) {
    const tx = x + dx * s * 0.6
    const ty = y - s * 0.5 + dy * s * 0.5
    out += path(
      `M${x} ${y - s * 0.45}Q${(x + tx) / 2 - dy * s * 0.08} ${(y - s * 0.45 + ty) / 2} ${tx} ${ty}Q${(x + tx) / 2 + s * 0.06} ${(y - s * 0.45 + ty) / 2 + s * 0.08} ${x} ${y - s * 0.45}Z`,
      t.a,
    )
  }
  return (
    out +
    path(
      `M${x - s * 0.25} ${y - s * 0.48}H${x + s * 0.25}L${x + s * 0.19} ${y}H${x - s * 0.19}Z`,
      pot ?? t.b,
    )
  )
}

export function bed(x: number, y: number, w: number, t: Tones): string {
  const h = w * 0.35
  return (
    rect(x - w / 2, y - h * 1.6, w * 0.06, h * 1.6, t.a) +
    rect(x + w / 2 - w * 0.04, y - h, w * 0.04, h, t.a) +
    rect(x - w / 2, y - h * 0.75, w, h * 0.35, t.bSoft) +
    path(
      `M${x - w * 0.2} ${y - h * 0.75}Q${x + w * 0.1} ${y - h * 1.05} ${x + w / 2} ${y - h * 0.8}V${y - h * 0.42}H${x - w * 0.2}Z`,
      t.b,
    ) +
    ellipse(x - w * 0.33, y - h * 0.85, w * 0.11, h * 0.17, t.paper) +
    rect(x - w / 2, y - h * 0.4, w, h * 0.1, t.a)
  )
}

export function bassinet(x: number, y: number, s: number, t: Tones): string {
  return (
    path(
      `M${x - s * 0.6} ${y - s * 0.6}H${x + s * 0.6}Q${x + s * 0.55} ${y - s * 0.15} ${x} ${y - s * 0.15}Q${x - s * 0.55} ${y - s * 0.15} ${x - s * 0.6} ${y - s * 0.6}Z`,
      t.b,
    ) +
    path(
      `M${x - s * 0.6} ${y - s * 0.6}Q${x - s * 0.6} ${y - s * 1.05} ${x - s * 0.1} ${y - s * 1.0}L${x - s * 0.15} ${y - s * 0.6}Z`,
      t.a,
    ) +
    line(x - s * 0.35, y - s * 0.18, x - s * 0.45, y, t.a, s * 0.04) +
    line(x + s * 0.35, y - s * 0.18, x + s * 0.45, y, t.a, s * 0.04) +
    ellipse(x + s * 0.22, y - s * 0.66, s * 0.13, s * 0.1, t.paper) +
    path(
      `M${x - s * 0.1} ${y - s * 0.62}H${x + s * 0.55}V${y - s * 0.5}H${x - s * 0.1}Z`,
      t.paper,
      'opacity="0.8"',
    )
  )
}

export function mobile(x: number, y: number, s: number, t: Tones): string {
  let out =
    line(x, y, x, y + s * 0.3, t.a, s * 0.02) +
    line(x - s * 0.6, y + s * 0.3, x + s * 0.6, y + s * 0.3, t.a, s * 0.02)
  const shapes = [
    (cx: number, cy: number) => circle(cx, cy, s * 0.1, t.b),
    (cx: number, cy: number) =>
      poly(
        Array.from(
          { length: 10 },
          (_, i) =>
            [
              cx + Math.cos((i * Math.PI) / 5 - Math.PI / 2) * (i % 2 ? s * 0.05 : s * 0.12),
              cy + Math.sin((i * Math.PI) / 5 - Math.PI / 2) * (i % 2 ? s * 0.05 : s * 0.12),
            ] as const,
        ),
        t.a,
      ),
    (cx: number, cy: number) =>
      path(
        `M${cx + s * 0.08} ${cy - s * 0.12}A${s * 0.12} ${s * 0.12} 0 1 0 ${cx + s * 0.08} ${cy + s * 0.12}A${s * 0.09} ${s * 0.09} 0 1 1 ${cx + s * 0.08} ${cy - s * 0.12}Z`,
        t.b,
      ),
  ]
  for (let i = 0; i < 3; i++) {
    const cx = x - s * 0.55 + i * s * 0.55
    const len = s * (0.35 + (i % 2) * 0.2)
    out +=
      line(cx, y + s * 0.3, cx, y + s * 0.3 + len, t.a, s * 0.012) +
      shapes[i]!(cx, y + s * 0.42 + len)
  }
  return out
}

export function flowers(x: number, y: number, s: number, t: Tones): string {
  let out = ''
  const heads: [number, number][] = [
    [-0.3, -1.0],
    [0, -1.15],
    [0.3, -0.98],
    [-0.15, -0.8],
    [0.17, -0.82],
  ]
  for (const [i, [dx, dy]] of heads.entries()) {
    const fx = x + dx * s
    const fy = y + dy * s
    out += line(x, y - s * 0.3, fx, fy, t.a, s * 0.025)
    for (let p = 0; p < 6; p++) {
      const a = (p / 6) * Math.PI * 2
      out += ellipse(
        fx + Math.cos(a) * s * 0.07,
        fy + Math.sin(a) * s * 0.07,
        s * 0.06,
        s * 0.035,
        i % 2 ? t.b : t.paper,
        `transform="rotate(${(a * 180) / Math.PI} ${fx + Math.cos(a) * s * 0.07} ${fy + Math.sin(a) * s * 0.07})"`,
      )
    }
    out += circle(fx, fy, s * 0.04, t.a)
  }
  out += path(
    `M${x - s * 0.2} ${y - s * 0.45}L${x + s * 0.2} ${y - s * 0.45}L${x + s * 0.08} ${y}H${x - s * 0.08}Z`,
    t.b,
  )
  return (
    out +
    path(
      `M${x - s * 0.2} ${y - s * 0.45}L${x + s * 0.2} ${y - s * 0.45}L${x + s * 0.12} ${y - s * 0.3}H${x - s * 0.12}Z`,
      t.a,
    )
  )
}

export function heart(x: number, y: number, s: number, fill: string): string {
  return path(
    `M${x} ${y + s * 0.45}C${x - s * 0.9} ${y - s * 0.1} ${x - s * 0.45} ${y - s * 0.75} ${x} ${y - s * 0.25}C${x + s * 0.45} ${y - s * 0.75} ${x + s * 0.9} ${y - s * 0.1} ${x} ${y + s * 0.45}Z`,
    fill,
  )
}

export function key(
  x: number,
  y: number,
  s: number,
  color: string,
  angle = -20,
  hole = '#f7f1e6',
): string {
  return `<g transform="rotate(${angle} ${x} ${y})">${circle(x - s * 0.35, y, s * 0.2, color)}${circle(x - s * 0.35, y, s * 0.08, hole)}${rect(x - s * 0.18, y - s * 0.04, s * 0.6, s * 0.08, color)}${rect(x + s * 0.25, y, s * 0.06, s * 0.14, color)}${rect(x + s * 0.35, y, s * 0.06, s * 0.1, color)}</g>`
}

/**
 * An open hand, palm up, reaching in from one side (dir 1: from the left). x, y is the palm centre.
 * Fingers are capsules fanned slightly, the thumb rises over them.
 */
export function openHand(
  x: number,
  y: number,
  s: number,
  skin: string,
  sleeve: string,
  shade: string,
  dir: 1 | -1 = 1,
): string {
  const X = (dx: number) => x + dx * s * dir
  let out = path(
    `M${X(-2.2)} ${y - s * 0.3}L${X(-0.7)} ${y - s * 0.32}L${X(-0.65)} ${y + s * 0.38}L${X(-2.2)} ${y + s * 0.42}Z`,
    sleeve,
  )
  out += path(
    `M${X(-0.72)} ${y - s * 0.26}C${X(-0.3)} ${y - s * 0.3} ${X(0.1)} ${y - s * 0.22} ${X(0.3)} ${y - s * 0.1}L${X(0.3)} ${y + s * 0.3}C${X(0)} ${y + s * 0.4} ${X(-0.4)} ${y + s * 0.36} ${X(-0.72)} ${y + s * 0.32}Z`,
    skin,
  )
  const fingers: [number, number, number][] = [
    [-0.12, 0.55, 0.13],
    [-0.0, 0.62, 0.12],
    [0.12, 0.58, 0.115],
    [0.24, 0.46, 0.1],
  ]
  for (const [fy, len, r] of fingers)
    out += rect(
      Math.min(X(0.2), X(0.2 + len)),
      y + fy * s - r * s * 0.5 + s * 0.08,
      len * s,
      r * s,
      skin,
      `rx="${r * s * 0.5}"`,
    )
  out += line(X(0.25), y - s * 0.02, X(0.62), y + s * 0.02, shade, s * 0.02, 'opacity="0.6"')
  out += path(
    `M${X(-0.3)} ${y - s * 0.24}C${X(-0.05)} ${y - s * 0.5} ${X(0.18)} ${y - s * 0.56} ${X(0.3)} ${y - s * 0.5}C${X(0.36)} ${y - s * 0.45} ${X(0.3)} ${y - s * 0.38} ${X(0.2)} ${y - s * 0.36}C${X(0.05)} ${y - s * 0.3} ${X(-0.05)} ${y - s * 0.2} ${X(-0.2)} ${y - s * 0.1}Z`,
    skin,
  )
  out += path(
    `M${X(-0.5)} ${y + s * 0.34}C${X(-0.2)} ${y + s * 0.2} ${X(0.1)} ${y + s * 0.25} ${X(0.3)} ${y + s * 0.3}C${X(0)} ${y + s * 0.4} ${X(-0.3)} ${y + s * 0.38} ${X(-0.5)} ${y + s * 0.34}Z`,
    shade,
    'opacity="0.5"',
  )
  return out
}

/** Two hands meeting; the near one in `near`, the far one in `far`. x,y is where they meet. */
export function hands(
  x: number,
  y: number,
  s: number,
  near: string,
  far: string,
  sleeveNear: string,
  sleeveFar: string,
): string {
  return (
    path(
      `M${x - s * 1.6} ${y + s * 0.2}L${x - s * 0.55} ${y - s * 0.05}L${x - s * 0.5} ${y + s * 0.38}L${x - s * 1.6} ${y + s * 0.62}Z`,
      sleeveFar,
    ) +
    path(
      `M${x - s * 0.6} ${y - s * 0.05}C${x - s * 0.3} ${y - s * 0.16} ${x + s * 0.05} ${y - s * 0.2} ${x + s * 0.28} ${y - s * 0.08}C${x + s * 0.4} ${y} ${x + s * 0.3} ${y + s * 0.12} ${x + s * 0.1} ${y + s * 0.1}C${x + s * 0.2} ${y + s * 0.25} ${x} ${y + s * 0.38} ${x - s * 0.55} ${y + s * 0.38}Z`,
      far,
    ) +
    path(
      `M${x + s * 1.6} ${y + s * 0.05}L${x + s * 0.6} ${y + s * 0.08}L${x + s * 0.55} ${y + s * 0.5}L${x + s * 1.6} ${y + s * 0.52}Z`,
      sleeveNear,
    ) +
    path(
      `M${x + s * 0.62} ${y + s * 0.08}C${x + s * 0.3} ${y + s * 0.02} ${x - s * 0.05} ${y + s * 0.05} ${x - s * 0.3} ${y + s * 0.16}C${x - s * 0.42} ${y + s * 0.22} ${x - s * 0.35} ${y + s * 0.32} ${x - s * 0.2} ${y + s * 0.3}C${x - s * 0.3} ${y + s * 0.45} ${x - s * 0.05} ${y + s * 0.52} ${x + s * 0.58} ${y + s * 0.5}Z`,
      near,
    ) +
    stroke(
      `M${x - s * 0.2} ${y + s * 0.3}Q${x} ${y + s * 0.26} ${x + s * 0.15} ${y + s * 0.3}`,
      far,
      s * 0.025,
      'opacity="0.7"',
    )
  )
}

// ---------------------------------------------------------------- landscape and sky

export function sun(x: number, y: number, r: number, fill: string, rays?: string): string {
  let out = ''
  if (rays)
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2
      out += line(
        x + Math.cos(a) * r * 1.25,
        y + Math.sin(a) * r * 1.25,
        x + Math.cos(a) * r * 1.55,
        y + Math.sin(a) * r * 1.55,
        rays,
        r * 0.06,
      )
    }
  return out + circle(x, y, r, fill)
}

/** A soft rolling hill line across the full width, filled down to `bottom`. */
export function hills(
  w: number,
  y: number,
  amp: number,
  bottom: number,
  fill: string,
  seed = 1,
  extra = '',
): string {
  const pts: Point[] = []
  const n = 7
  for (let i = -1; i <= n + 1; i++)
    pts.push([
      (i / n) * w,
      y + Math.sin(i * 1.7 + seed) * amp + Math.cos(i * 0.9 + seed * 2) * amp * 0.5,
    ])
  const d = smoothPath(pts, false)
  return path(`${d}L${w * (1 + 1 / n)} ${bottom}L${-w / n} ${bottom}Z`, fill, extra)
}

export function cloud(x: number, y: number, s: number, fill: string): string {
  return path(
    `M${x - s} ${y}A${s * 0.35} ${s * 0.35} 0 0 1 ${x - s * 0.45} ${y - s * 0.3}A${s * 0.45} ${s * 0.45} 0 0 1 ${x + s * 0.3} ${y - s * 0.35}A${s * 0.38} ${s * 0.38} 0 0 1 ${x + s} ${y}Z`,
    fill,
  )
}

export function tree(x: number, y: number, s: number, trunk: string, crown: string): string {
  return (
    rect(x - s * 0.05, y - s * 0.5, s * 0.1, s * 0.5, trunk) +
    circle(x, y - s * 0.75, s * 0.32, crown) +
    circle(x - s * 0.22, y - s * 0.58, s * 0.22, crown) +
    circle(x + s * 0.22, y - s * 0.6, s * 0.24, crown)
  )
}

export function grass(
  x1: number,
  x2: number,
  y: number,
  s: number,
  color: string,
  seed = 0,
): string {
  let d = ''
  for (let x = x1, i = seed; x < x2; x += s * 0.18, i++) {
    const h = s * (0.5 + ((i * 37) % 10) / 20)
    const lean = (((i * 13) % 7) - 3) * s * 0.04
    d += `M${x} ${y}Q${x + lean * 0.3} ${y - h * 0.6} ${x + lean} ${y - h}`
  }
  return stroke(d, color, s * 0.035)
}

/** Kansas City skyline, loosely: a tower with a lantern top, a war-memorial shaft, mid-rises. */
export function skylineKC(
  x: number,
  y: number,
  w: number,
  fill: string,
  windows?: string,
  heightScale = 1,
): string {
  const u = w / 100
  const v = u * heightScale
  const blocks: [number, number, number][] = [
    [0, 8, 16],
    [8, 6, 24],
    [14, 9, 18],
    [23, 7, 38],
    [30, 8, 30],
    [38, 10, 22],
    [52, 9, 28],
    [61, 6, 44],
    [67, 10, 26],
    [77, 8, 34],
    [85, 7, 20],
    [92, 8, 14],
  ]
  let out = ''
  for (const [bx, bw, bh] of blocks) {
    out += rect(x + bx * u, y - bh * v, bw * u, bh * v, fill)
    if (windows)
      for (let wy = y - bh * v + 2.5 * v; wy < y - 3 * v; wy += 3.2 * v)
        out += rect(x + bx * u + bw * u * 0.2, wy, bw * u * 0.6, 0.8 * v, windows, 'opacity="0.55"')
  }
  // memorial shaft and its flame
  out += poly(
    [
      [x + 46 * u, y],
      [x + 46.6 * u, y - 52 * v],
      [x + 49.4 * u, y - 52 * v],
      [x + 50 * u, y],
    ],
    fill,
  )
  out += rect(x + 45.8 * u, y - 55 * v, 4.4 * u, 3 * v, fill)
  out += circle(x + 48 * u, y - 57 * v, 1.4 * u, windows ?? fill)
  // art-deco tower with stepped crown
  out +=
    rect(x + 61 * u, y - 50 * v, 6 * u, 6 * v, fill) +
    rect(x + 62.5 * u, y - 54 * v, 3 * u, 4 * v, fill) +
    rect(x + 63.6 * u, y - 59 * v, 0.8 * u, 5 * v, fill)
  return out
}

/** St. Louis: the arch, with the river below. */
export function gatewayArch(x: number, y: number, h: number, color: string, width: number): string {
  const w = h * 0.95
  return `<path d="M${x - w / 2} ${y}C${x - w * 0.42} ${y - h * 0.7} ${x - w * 0.2} ${y - h * 1.02} ${x} ${y - h}C${x + w * 0.2} ${y - h * 1.02} ${x + w * 0.42} ${y - h * 0.7} ${x + w / 2} ${y}" stroke="${color}" stroke-width="${width}" fill="none"/>`
}

export function river(w: number, y: number, h: number, fill: string, ripple: string): string {
  let out = path(
    `M0 ${y}C${w * 0.3} ${y - h * 0.3} ${w * 0.6} ${y + h * 0.3} ${w} ${y - h * 0.1}V${y + h}H0Z`,
    fill,
  )
  for (let i = 0; i < 6; i++) {
    const yy = y + h * (0.25 + i * 0.12)
    const xx = (((i * 373) % 100) / 100) * w * 0.7
    out += line(xx, yy, xx + w * 0.12, yy, ripple, h * 0.03, 'opacity="0.7"')
  }
  return out
}

export function waves(
  x: number,
  y: number,
  w: number,
  s: number,
  color: string,
  width: number,
  rows = 3,
): string {
  let out = ''
  for (let r = 0; r < rows; r++) {
    let d = `M${x} ${y + r * s * 0.6}`
    for (let xx = x; xx < x + w; xx += s) d += `q${s / 4} -${s * 0.3} ${s / 2} 0t${s / 2} 0`
    out += stroke(d, color, width)
  }
  return out
}

export function umbrella(x: number, y: number, s: number, canopy: string, handle: string): string {
  let scallop = `M${x - s} ${y - s * 0.2}`
  for (let i = 0; i < 4; i++)
    scallop += `Q${x - s + (i + 0.5) * (s / 2)} ${y - s * 0.32} ${x - s + (i + 1) * (s / 2)} ${y - s * 0.2}`
  return (
    path(
      `M${x - s} ${y - s * 0.2}A${s} ${s * 0.8} 0 0 1 ${x + s} ${y - s * 0.2}${scallop.replace(/^M[^Q]+/, '').replace(/Q/g, 'Q')}Z`,
      canopy,
    ) +
    line(x, y - s * 0.2, x, y + s * 0.7, handle, s * 0.05) +
    stroke(`M${x} ${y + s * 0.7}a${s * 0.12} ${s * 0.12} 0 0 1 -${s * 0.24} 0`, handle, s * 0.05) +
    line(x, y - s, x, y - s * 1.12, handle, s * 0.05)
  )
}

export function shield(x: number, y: number, s: number, fill: string, mark: string): string {
  return (
    path(
      `M${x} ${y - s}L${x + s * 0.42} ${y - s * 0.84}V${y - s * 0.45}Q${x + s * 0.4} ${y - s * 0.12} ${x} ${y}Q${x - s * 0.4} ${y - s * 0.12} ${x - s * 0.42} ${y - s * 0.45}V${y - s * 0.84}Z`,
      fill,
    ) +
    stroke(
      `M${x - s * 0.18} ${y - s * 0.5}L${x - s * 0.04} ${y - s * 0.36}L${x + s * 0.2} ${y - s * 0.64}`,
      mark,
      s * 0.07,
    )
  )
}

export function scales(x: number, y: number, s: number, color: string, pans: string): string {
  return (
    rect(x - s * 0.03, y - s, s * 0.06, s, color) +
    rect(x - s * 0.25, y - s * 0.05, s * 0.5, s * 0.05, color) +
    line(x - s * 0.55, y - s * 0.88, x + s * 0.55, y - s * 0.88, color, s * 0.04) +
    circle(x, y - s * 0.98, s * 0.05, color) +
    line(x - s * 0.55, y - s * 0.88, x - s * 0.7, y - s * 0.5, color, s * 0.012) +
    line(x - s * 0.55, y - s * 0.88, x - s * 0.4, y - s * 0.5, color, s * 0.012) +
    line(x + s * 0.55, y - s * 0.88, x + s * 0.4, y - s * 0.5, color, s * 0.012) +
    line(x + s * 0.55, y - s * 0.88, x + s * 0.7, y - s * 0.5, color, s * 0.012) +
    path(
      `M${x - s * 0.75} ${y - s * 0.5}H${x - s * 0.35}A${s * 0.2} ${s * 0.12} 0 0 1 ${x - s * 0.75} ${y - s * 0.5}Z`,
      pans,
    ) +
    path(
      `M${x + s * 0.35} ${y - s * 0.5}H${x + s * 0.75}A${s * 0.2} ${s * 0.12} 0 0 1 ${x + s * 0.35} ${y - s * 0.5}Z`,
      pans,
    )
  )
}

export function palmTree(x: number, y: number, s: number, color: string, bend = 0.3): string {
  const topX = x + s * bend
  const topY = y - s
  let out = stroke(`M${x} ${y}Q${x + s * 0.02} ${y - s * 0.6} ${topX} ${topY}`, color, s * 0.06)
  for (let i = 0; i < 6; i++) {
    const a = -Math.PI / 2 + (i - 2.5) * 0.55 + bend * 1.2
    const ex = topX + Math.cos(a) * s * 0.45
    const ey = topY + Math.sin(a) * s * 0.3 + s * 0.1
    out += path(
      `M${topX} ${topY}Q${(topX + ex) / 2} ${topY - s * 0.18} ${ex} ${ey}Q${(topX + ex) / 2} ${topY - s * 0.04} ${topX} ${topY}Z`,
      color,
    )
  }
  return out
}

export function stormSpiral(x: number, y: number, s: number, color: string, width: number): string {
  let out = ''
  for (let arm = 0; arm < 3; arm++) {
    let d = ''
    for (let i = 0; i <= 40; i++) {
      const t = i / 40
      const a = arm * ((Math.PI * 2) / 3) + t * Math.PI * 1.6
      const r = s * (0.12 + t * 0.9)
      d += `${i ? 'L' : 'M'}${(x + Math.cos(a) * r).toFixed(1)} ${(y + Math.sin(a) * r * 0.8).toFixed(1)}`
    }
    out += stroke(d, color, width * (1 - 0.3))
  }
  return out + circle(x, y, s * 0.1, color)
}

export function hardHat(x: number, y: number, s: number, fill: string, band: string): string {
  return (
    path(`M${x - s * 0.5} ${y}A${s * 0.5} ${s * 0.5} 0 0 1 ${x + s * 0.5} ${y}Z`, fill) +
    rect(x - s * 0.65, y - s * 0.02, s * 1.3, s * 0.1, fill, `rx="${s * 0.04}"`) +
    rect(x - s * 0.06, y - s * 0.5, s * 0.12, s * 0.46, band)
  )
}

export function wrench(x: number, y: number, s: number, color: string, angle = 40): string {
  return `<g transform="rotate(${angle} ${x} ${y})">${rect(x - s * 0.06, y - s * 0.5, s * 0.12, s, color, `rx="${s * 0.05}"`)}${path(`M${x - s * 0.18} ${y - s * 0.72}A${s * 0.2} ${s * 0.2} 0 1 0 ${x + s * 0.18} ${y - s * 0.72}L${x + s * 0.08} ${y - s * 0.8}V${y - s * 0.62}H${x - s * 0.08}V${y - s * 0.8}Z`, color)}</g>`
}

export function briefcase(x: number, y: number, s: number, fill: string, trim: string): string {
  return (
    stroke(
      `M${x - s * 0.18} ${y - s * 0.7}V${y - s * 0.85}H${x + s * 0.18}V${y - s * 0.7}`,
      trim,
      s * 0.06,
    ) +
    rect(x - s * 0.6, y - s * 0.7, s * 1.2, s * 0.7, fill, `rx="${s * 0.06}"`) +
    rect(x - s * 0.6, y - s * 0.46, s * 1.2, s * 0.05, trim) +
    rect(x - s * 0.08, y - s * 0.5, s * 0.16, s * 0.13, trim)
  )
}

export function certificate(x: number, y: number, s: number, t: Tones): string {
  let out = rect(
    x - s * 0.5,
    y - s * 1.3,
    s,
    s * 1.3,
    t.paper,
    `stroke="${t.a}" stroke-width="${s * 0.02}"`,
  )
  out += rect(
    x - s * 0.42,
    y - s * 1.22,
    s * 0.84,
    s * 1.14,
    'none',
    `stroke="${t.aSoft}" stroke-width="${s * 0.01}"`,
  )
  out += rect(x - s * 0.3, y - s * 1.1, s * 0.6, s * 0.06, t.a)
  for (let i = 0; i < 6; i++)
    out += rect(
      x - s * 0.32,
      y - s * (0.9 - i * 0.1),
      s * (0.64 - (i % 3) * 0.12),
      s * 0.025,
      t.aSoft,
    )
  out += path(
    `M${x + s * 0.18} ${y - s * 0.25}l-${s * 0.06} ${s * 0.32}l${s * 0.08} -${s * 0.06}l${s * 0.06} ${s * 0.08}l${s * 0.02} -${s * 0.3}Z`,
    t.b,
  )
  out +=
    circle(x + s * 0.2, y - s * 0.28, s * 0.13, t.b) +
    circle(
      x + s * 0.2,
      y - s * 0.28,
      s * 0.08,
      'none',
      `stroke="${t.paper}" stroke-width="${s * 0.012}"`,
    )
  return out
}

/** Louisiana, simplified to its boot; (x, y) is the centre, s the width. */
export function louisiana(x: number, y: number, s: number, fill: string, extra = ''): string {
  const outline: Point[] = [
    [0, 0],
    [0.52, 0],
    [0.5, 0.12],
    [0.46, 0.3],
    [0.44, 0.44],
    [0.88, 0.44],
    [0.86, 0.56],
    [0.92, 0.62],
    [1.0, 0.74],
    [0.94, 0.8],
    [0.98, 0.88],
    [0.88, 0.9],
    [0.8, 0.84],
    [0.7, 0.96],
    [0.58, 0.86],
    [0.46, 0.88],
    [0.34, 0.82],
    [0.2, 0.84],
    [0.05, 0.78],
    [0.06, 0.6],
    [0.02, 0.45],
    [0.04, 0.2],
  ]
  return poly(
    outline.map(([px, py]) => [x - s / 2 + px * s, y - s * 0.48 + py * s] as const),
    fill,
    extra,
  )
}

export function filmReel(x: number, y: number, r: number, fill: string, hole: string): string {
  let out = circle(x, y, r, fill)
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2
    out += circle(x + Math.cos(a) * r * 0.55, y + Math.sin(a) * r * 0.55, r * 0.2, hole)
  }
  return out + circle(x, y, r * 0.1, hole)
}

export function clapper(x: number, y: number, s: number, fill: string, stripe: string): string {
  let out = rect(x - s * 0.6, y - s * 0.7, s * 1.2, s * 0.7, fill)
  let bar = rect(x - s * 0.6, y - s * 0.9, s * 1.2, s * 0.18, fill)
  for (let i = 0; i < 5; i++)
    bar += poly(
      [
        [x - s * 0.55 + i * s * 0.24, y - s * 0.9],
        [x - s * 0.43 + i * s * 0.24, y - s * 0.9],
        [x - s * 0.5 + i * s * 0.24, y - s * 0.72],
        [x - s * 0.62 + i * s * 0.24, y - s * 0.72],
      ],
      stripe,
    )
  out += `<g transform="rotate(-12 ${x - s * 0.6} ${y - s * 0.72})">${bar}</g>`
  for (let i = 0; i < 3; i++)
    out += rect(
      x - s * 0.5,
      y - s * (0.52 - i * 0.15),
      s * (0.9 - i * 0.2),
      s * 0.04,
      stripe,
      'opacity="0.8"',
    )
  return out
}
