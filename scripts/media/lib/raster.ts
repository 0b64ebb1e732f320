/**
 * From SVG to the files the site serves: render the master with sharp (librsvg), lay paper grain
 * and uneven-ink mottling over it, then write the responsive AVIF and WebP variants.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type OverlayOptions } from 'sharp'
import { createRng } from './random.ts'

export const publicDir = path.resolve(import.meta.dirname, '../../../public')
export const mediaDir = path.join(publicDir, 'media')

export type ImageEntry = { width: number; height: number; widths: number[]; color: string }

const grainCache = new Map<string, Buffer>()

/**
 * A tile of paper grain: mid-grey noise for a soft-light blend, so it lightens ink and darkens
 * paper a little, plus sparse fibres. Kept faint: grain is what costs bytes in AVIF and WebP.
 */
async function grainTile(size: number, strength: number): Promise<Buffer> {
  const key = `${size}:${strength}`
  const cached = grainCache.get(key)
  if (cached) return cached
  const rng = createRng(`grain-${key}`)
  const px = Buffer.alloc(size * size)
  for (let i = 0; i < px.length; i++) {
    const n = (rng.next() + rng.next() + rng.next() - 1.5) * 2 // roughly gaussian, -3..3
    px[i] = Math.max(0, Math.min(255, 128 + n * 22 * strength))
  }
  // fibres: short dark and light strokes, as in uncoated stock
  for (let f = 0; f < size * 0.6; f++) {
    let x = rng.int(0, size - 1)
    let y = rng.int(0, size - 1)
    const dir = rng.range(0, Math.PI)
    const len = rng.int(4, 14)
    const v = rng.chance(0.5) ? 128 - 45 * strength : 128 + 45 * strength
    for (let k = 0; k < len; k++) {
      px[((y + size) % size) * size + ((x + size) % size)] = v
      x = Math.round(x + Math.cos(dir))
      y = Math.round(y + Math.sin(dir))
    }
  }
  const tile = await sharp(px, { raw: { width: size, height: size, channels: 1 } })
    .blur(0.55)
    .png()
    .toBuffer()
  grainCache.set(key, tile)
  return tile
}

/** Large, soft blotches: ink that did not lay perfectly flat. */
async function mottle(width: number, height: number, seed: string): Promise<Buffer> {
  const rng = createRng(`mottle-${seed}`)
  const w = Math.ceil(width / 48)
  const h = Math.ceil(height / 48)
  const px = Buffer.alloc(w * h)
  for (let i = 0; i < px.length; i++) px[i] = 128 + Math.round((rng.next() - 0.5) * 34)
  return sharp(px, { raw: { width: w, height: h, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .blur(18)
    .png()
    .toBuffer()
}

/**
 * `grain` is the fine paper-grain strength (0 = none). Responsive images default to none: halftone
 * and mottling already give the print feel, and fine noise doubles AVIF/WebP sizes and encode time.
 */
export type RenderOptions = { grain?: number; seed: string }

/** Render an SVG into an RGB master with the print texture applied. */
export async function renderMaster(
  svg: string,
  width: number,
  height: number,
  o: RenderOptions,
): Promise<Buffer> {
  const strength = o.grain ?? 0
  const base = sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height)
    .flatten({ background: '#f7f1e6' })
  const layers: OverlayOptions[] = [
    { input: await mottle(width, height, o.seed), blend: 'soft-light' },
  ]
  if (strength > 0)
    layers.push({ input: await grainTile(384, strength), tile: true, blend: 'soft-light' })
  const flat = await base.png().toBuffer()
  return sharp(flat).composite(layers).removeAlpha().png().toBuffer()
}

/**
 * Write /media/<id>-<w>.avif and .webp for each width, and return the manifest entry.
 * AVIF runs at effort 2: on these flat illustrations effort 4 saved under 2% of bytes for ten
 * times the encode time on a shared two-core machine.
 */
export async function writeVariants(
  id: string,
  master: Buffer,
  widths: readonly number[],
): Promise<ImageEntry> {
  const meta = await sharp(master).metadata()
  const width = meta.width
  const height = meta.height
  const target = path.join(mediaDir, id)
  await mkdir(path.dirname(target), { recursive: true })
  const used = widths.filter((w) => w <= width)
  for (const w of used) {
    const resized = w === width ? sharp(master) : sharp(master).resize(w)
    const buffer = await resized.png().toBuffer()
    await sharp(buffer).webp({ quality: 75, effort: 4 }).toFile(`${target}-${w}.webp`)
    await sharp(buffer).avif({ quality: 52, effort: 2 }).toFile(`${target}-${w}.avif`)
  }
  const { dominant } = await sharp(master).stats()
  const color = `#${[dominant.r, dominant.g, dominant.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`
  return { width, height, widths: used, color }
}

export async function writePreview(dir: string, id: string, master: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true })
  await writeFile(
    path.join(dir, `${id.replaceAll('/', '__')}.png`),
    await sharp(master).resize(700, 700, { fit: 'inside' }).png().toBuffer(),
  )
}
