/**
 * Generates every picture, mark and video the site uses, and content/media-manifest.json.
 *
 *   npm run media                          everything (a few minutes; videos dominate)
 *   npm run media -- --only=people,og      a subset: groups or id prefixes (see GROUPS below)
 *   npm run media -- --preview=/tmp/prev   also write small PNG previews of each raster master
 *
 * Needs ffmpeg and the Debian font packages fonts-ebgaramond and fonts-inter (text in share images
 * and the about video). Output is deterministic: every random choice is seeded by the media id.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { createStage } from '#scripts/media/art/stage.ts'
import { svgDoc } from '#scripts/media/lib/svg.ts'
import {
  renderMaster,
  writePreview,
  writeVariants,
  type ImageEntry,
} from '#scripts/media/lib/raster.ts'
import { imageJobs } from '#scripts/media/outputs/images.ts'
import { writeShareImages } from '#scripts/media/outputs/og.ts'
import { writeVectors, type AwardEntry, type PartnerEntry } from '#scripts/media/outputs/vectors.ts'
import { writeVideos, type VideoEntry } from '#scripts/media/outputs/videos.ts'

const GROUPS = [
  'people',
  'articles',
  'documentaries',
  'categories',
  'testimonials',
  'courses',
  'about',
  'home',
  'vectors',
  'og',
  'videos',
  'hero',
  'about-video',
  'clips',
] as const

type Manifest = {
  images: Record<string, ImageEntry>
  videos: Record<string, VideoEntry>
  awards: AwardEntry[]
  partners: PartnerEntry[]
  og: Record<string, string>
}

const manifestPath = path.resolve(import.meta.dirname, '../../content/media-manifest.json')

function parseArgs(argv: string[]): { only: string[] | null; preview: string | null } {
  let only: string[] | null = null
  let preview: string | null = null
  for (const arg of argv) {
    if (arg.startsWith('--only=')) only = arg.slice(7).split(',').filter(Boolean)
    else if (arg.startsWith('--preview=')) preview = arg.slice(10)
    else throw new Error(`unknown argument ${arg}; use --only=${GROUPS.join(',')} or --preview=DIR`)
  }
  return { only, preview }
}

async function readManifest(): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest
  } catch {
    return { images: {}, videos: {}, awards: [], partners: [], og: {} }
  }
}

const sortKeys = <T>(record: Record<string, T>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)))

async function main(): Promise<void> {
  const { only, preview } = parseArgs(process.argv.slice(2))
  // two shared cores: pipelines run one at a time, each with at most two libvips threads
  sharp.concurrency(2)
  const started = Date.now()
  const wants = (group: string) =>
    !only ||
    only.includes(group) ||
    (['hero', 'about-video', 'clips'].includes(group) && only.includes('videos'))
  const wantsImage = (id: string) =>
    !only || only.some((token) => id === token || id.startsWith(`${token}/`))
  const manifest = await readManifest()

  const jobs = imageJobs().filter((job) => wantsImage(job.id))
  for (const [i, job] of jobs.entries()) {
    const st = createStage(job.width, job.height, job.inks, job.id)
    const master = await renderMaster(
      svgDoc(job.width, job.height, job.scene(st)),
      job.width,
      job.height,
      { seed: job.id },
    )
    manifest.images[job.id] = await writeVariants(job.id, master, job.widths)
    if (preview) await writePreview(preview, job.id, master)
    process.stdout.write(`\rimages ${i + 1}/${jobs.length} ${job.id.padEnd(60)}`)
  }
  if (jobs.length) process.stdout.write('\n')

  if (wants('vectors')) {
    Object.assign(manifest, await writeVectors())
    console.log('vectors: awards, partners, logo, favicons')
  }
  if (wants('og')) {
    manifest.og = { ...manifest.og, ...(await writeShareImages()) }
    console.log(`og: ${Object.keys(manifest.og).length} share images`)
  }
  const { videos, posters } = await writeVideos(wants)
  Object.assign(manifest.videos, videos)
  Object.assign(manifest.images, posters)
  if (Object.keys(videos).length) console.log(`videos: ${Object.keys(videos).join(', ')}`)

  const ordered: Manifest = {
    images: sortKeys(manifest.images),
    videos: sortKeys(manifest.videos),
    awards: manifest.awards,
    partners: manifest.partners,
    og: sortKeys(manifest.og),
  }
  await writeFile(manifestPath, `${JSON.stringify(ordered, null, 2)}\n`)
  console.log(`manifest written; ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

await main()
