/** Terse SVG element helpers, so that drawings read as geometry rather than markup. */
const f = (n: number) => Math.round(n * 10) / 10

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}" ${extra}/>`
export const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}" ${extra}/>`
export const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`
export const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}" ${extra}/>`
export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra = '',
) =>
  `<path d="M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}" stroke="${stroke}" stroke-width="${f(width)}" stroke-linecap="round" fill="none" ${extra}/>`
export const stroke = (d: string, color: string, width: number, extra = '') =>
  `<path d="${d}" stroke="${color}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round" fill="none" ${extra}/>`
export const poly = (points: readonly (readonly [number, number])[], fill: string, extra = '') =>
  `<path d="M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z" fill="${fill}" ${extra}/>`
export const group = (body: string, transform: string, extra = '') =>
  `<g transform="${transform}" ${extra}>${body}</g>`
/** Dashed running stitch, used on quilts, denim and paper edges. */
export const stitch = (d: string, color: string, width: number) =>
  `<path d="${d}" stroke="${color}" stroke-width="${f(width)}" stroke-dasharray="${f(width * 2.6)} ${f(width * 2)}" fill="none" stroke-linecap="round"/>`
export const arcPath = (cx: number, cy: number, r: number, a0: number, a1: number) => {
  const p = (a: number) => `${f(cx + Math.cos(a) * r)} ${f(cy + Math.sin(a) * r)}`
  const large = Math.abs(a1 - a0) > Math.PI ? 1 : 0
  return `M${p(a0)}A${f(r)} ${f(r)} 0 ${large} ${a1 > a0 ? 1 : 0} ${p(a1)}`
}
