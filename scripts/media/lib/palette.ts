/**
 * The site's colour tokens (see app styles) and the duotone pairs every picture is printed with.
 * A picture uses paper plus two inks: `a` is the key (dark) ink, `b` the accent. Tints are an ink
 * thinned towards paper, and overprints multiply the two inks, as a two-colour press would.
 */
export const colors = {
  ink: '#1d1a2f',
  paper: '#f7f1e6',
  clay: '#b8462a',
  gold: '#e0a53a',
  teal: '#1f6f6b',
  plum: '#6b2d5c',
  sky: '#9cc5c9',
} as const

export type ColorName = keyof typeof colors

export type Inks = {
  /** Key ink: outlines, hair, deep shadows. */
  a: string
  /** Accent ink: skin, light, large fields. */
  b: string
  paper: string
}

export function inks(a: ColorName, b: ColorName): Inks {
  return { a: colors[a], b: colors[b], paper: colors.paper }
}

function toRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v!)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** `ink` thinned towards `base`: amount 1 is solid ink, 0 is bare base. */
export function tint(ink: string, amount: number, base: string = colors.paper): string {
  const a = toRgb(ink)
  const p = toRgb(base)
  return toHex(a.map((v, i) => p[i]! + (v - p[i]!) * amount))
}

/** Two inks printed over each other (multiply), the darkest colour a duotone can make. */
export function overprint(x: string, y: string): string {
  const a = toRgb(x)
  const b = toRgb(y)
  return toHex(a.map((v, i) => (v * b[i]!) / 255))
}
