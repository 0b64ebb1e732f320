/**
 * Videos: illustrated layers rendered once, then moved a fraction of a pixel per frame (bilinear, so
 * slow parallax glides instead of stepping) and composited here in JavaScript. Frames go to ffmpeg as
 * raw RGB into a lossless intermediate, from which H.264 and VP9 are encoded one after the other.
 * The hero moves only along sine waves with the loop's period, so its last frame flows into its first.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { inks, type Inks } from '#scripts/media/lib/palette.ts'
import { createRng } from '#scripts/media/lib/random.ts'
import { escapeXml, halftone, ramp, svgDoc } from '#scripts/media/lib/svg.ts'
import { mediaDir, writeVariants, type ImageEntry } from '#scripts/media/lib/raster.ts'
import { figure } from '#scripts/media/art/figures.ts'
import * as p from '#scripts/media/art/props.ts'
import { rect } from '#scripts/media/art/shapes.ts'
import * as D from '#scripts/media/art/scenes/documentaries.ts'
import * as S from '#scripts/media/art/scenes/site.ts'
import { createStage, glow, wash, type Scene, type Stage } from '#scripts/media/art/stage.ts'

const FPS = 24
const FFMPEG = '/usr/bin/ffmpeg'

export type VideoEntry = {
  width: number
  height: number
  duration: number
  poster: string
  mp4: string
  webm: string
}

type Layer = { data: Buffer; w: number; h: number }

async function renderLayer(svgBody: string, w: number, h: number): Promise<Layer> {
  const data = await sharp(Buffer.from(svgDoc(w, h, svgBody)))
    .ensureAlpha()
    .raw()
    .toBuffer()
  return { data, w, h }
}

/**
 * Blend `layer`, sampled at offset (ox, oy) with bilinear weights, over the RGB frame `out`.
 * Sums are premultiplied by alpha so transparent edges do not leave dark fringes.
 */
function blend(
  out: Uint8Array,
  W: number,
  H: number,
  layer: Layer,
  ox: number,
  oy: number,
  opacity = 1,
): void {
  const x0 = Math.floor(ox)
  const y0 = Math.floor(oy)
  const fx = ox - x0
  const fy = oy - y0
  const w00 = (1 - fx) * (1 - fy)
  const w10 = fx * (1 - fy)
  const w01 = (1 - fx) * fy
  const w11 = fx * fy
  const src = layer.data
  const stride = layer.w * 4
  for (let y = 0; y < H; y++) {
    const sy = Math.min(layer.h - 2, Math.max(0, y + y0))
    let i00 = sy * stride + Math.min(layer.w - 2, Math.max(0, x0)) * 4
    let o = y * W * 3
    for (let x = 0; x < W; x++, i00 += 4, o += 3) {
      const i10 = i00 + 4
      const i01 = i00 + stride
      const i11 = i01 + 4
      const a00 = src[i00 + 3]! * w00
      const a10 = src[i10 + 3]! * w10
      const a01 = src[i01 + 3]! * w01
      const a11 = src[i11 + 3]! * w11
      const a = a00 + a10 + a01 + a11
      if (a < 0.5) continue
      const k = (a / 255) * opacity
      const inv = 1 - k
      const norm = opacity / 255
      out[o] =
        out[o]! * inv +
        (src[i00]! * a00 + src[i10]! * a10 + src[i01]! * a01 + src[i11]! * a11) * norm
      out[o + 1] =
        out[o + 1]! * inv +
        (src[i00 + 1]! * a00 + src[i10 + 1]! * a10 + src[i01 + 1]! * a01 + src[i11 + 1]! * a11) *
          norm
      out[o + 2] =
        out[o + 2]! * inv +
        (src[i00 + 2]! * a00 + src[i10 + 2]! * a10 + src[i01 + 2]! * a01 + src[i11 + 2]! * a11) *
          norm
    }
  }
}

/** Static paper grain for video frames: faint, so it costs few bits. */
function grainMap(W: number, H: number): Int8Array {
  const rng = createRng(`video-grain-${W}`)
  const g = new Int8Array(W * H)
  for (let i = 0; i < g.length; i++) g[i] = Math.round((rng.next() + rng.next() - 1) * 7)
  return g
}

function applyGrain(frame: Uint8Array, grain: Int8Array): void {
  for (let i = 0, j = 0; i < grain.length; i++, j += 3) {
    const g = grain[i]!
    frame[j] = Math.min(255, Math.max(0, frame[j]! + g))
    frame[j + 1] = Math.min(255, Math.max(0, frame[j + 1]! + g))
    frame[j + 2] = Math.min(255, Math.max(0, frame[j + 2]! + g))
  }
}

function run(
  args: string[],
  input?: (stdin: NodeJS.WritableStream) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${args.join(' ')}`)),
    )
    if (input && child.stdin) input(child.stdin).then(() => child.stdin!.end(), reject)
  })
}

function write(stream: NodeJS.WritableStream, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve) => (stream.write(chunk) ? resolve() : stream.once('drain', resolve)))
}

type FrameFn = (frame: Uint8Array, t: number, index: number) => void

/** Render frames into a lossless file, encode MP4 then WebM from it, and return the first frame. */
async function encode(
  id: string,
  W: number,
  H: number,
  seconds: number,
  drawFrame: FrameFn,
  bitrate: { mp4: string; webm: string },
): Promise<{ posterFrame: Buffer; frameAt: (n: number) => Promise<Buffer> }> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'media-video-'))
  const lossless = path.join(work, 'frames.mkv')
  const grain = grainMap(W, H)
  const frames = Math.round(seconds * FPS)
  const kept = new Map<number, Buffer>()
  await run(
    [
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${W}x${H}`,
      '-r',
      String(FPS),
      '-i',
      '-',
      '-c:v',
      'ffv1',
      '-pix_fmt',
      'yuv420p',
      lossless,
    ],
    async (stdin) => {
      const frame = new Uint8Array(W * H * 3)
      for (let i = 0; i < frames; i++) {
        frame.fill(0)
        drawFrame(frame, i / FPS, i)
        applyGrain(frame, grain)
        if (i === 0 || i === Math.round(frames * 0.2)) kept.set(i, Buffer.from(frame))
        await write(stdin, frame)
      }
    },
  )
  const target = path.join(mediaDir, id)
  await mkdir(path.dirname(target), { recursive: true })
  await run([
    '-i',
    lossless,
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '24',
    '-maxrate',
    bitrate.mp4,
    '-bufsize',
    `${Number.parseInt(bitrate.mp4) * 2}k`,
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-movflags',
    '+faststart',
    '-an',
    '-threads',
    '2',
    `${target}.mp4`,
  ])
  await run([
    '-i',
    lossless,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    bitrate.webm,
    '-crf',
    '36',
    '-deadline',
    'good',
    '-cpu-used',
    '4',
    '-row-mt',
    '1',
    '-threads',
    '2',
    '-pix_fmt',
    'yuv420p',
    '-an',
    `${target}.webm`,
  ])
  await rm(work, { recursive: true, force: true })
  const toPng = (raw: Buffer) =>
    sharp(raw, { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer()
  return {
    posterFrame: await toPng(kept.get(0)!),
    frameAt: async (n) => toPng(kept.get(n) ?? kept.get(0)!),
  }
}

const wave = (t: number, period: number, phase = 0) => Math.sin((2 * Math.PI * t) / period + phase)

// ---------------------------------------------------------------- hero: a seamless prairie city loop

async function hero(): Promise<{ entry: VideoEntry; poster: ImageEntry }> {
  const W = 1280
  const H = 720
  const M = 70
  const LW = W + 2 * M
  const LH = H + 2 * M
  const T = 10
  const st = createStage(LW, LH, inks('ink', 'clay'), 'hero')
  const { t, X, Y, u } = st
  const sky = await renderLayer(
    rect(0, 0, LW, LH, t.paper) +
      wash(st, t.b, 0, 0.72, 0.3, 0.02, 11) +
      p.sun(X(0.66), Y(0.44), 110 * u, t.b) +
      p.cloud(X(0.2), Y(0.22), 120 * u, t.bPale) +
      p.cloud(X(0.84), Y(0.14), 90 * u, t.bPale),
    LW,
    LH,
  )
  const light = await renderLayer(glow(st, X(0.66), Y(0.44), 360 * u, t.paper, 0.7), LW, LH)
  const far = await renderLayer(
    p.skylineKC(X(0.12), Y(0.66), X(0.76), t.bSoft, t.paper, 0.42) +
      p.hills(LW, Y(0.62), 10 * u, LH, t.bSoft, 3),
    LW,
    LH,
  )
  let midBody = p.hills(LW, Y(0.7), 16 * u, LH, t.b, 6) + p.river(LW, Y(0.8), Y(0.08), t.bPale, t.b)
  for (let i = 0; i < 7; i++)
    midBody += p.house(
      X(0.08 + i * 0.13),
      Y(0.72) + ((i * 7) % 3) * 6 * u,
      (70 + (i % 3) * 14) * u,
      st.t,
      { body: i % 2 ? t.paper : t.bPale, roof: t.a, lit: i % 3 === 0 },
    )
  const mid = await renderLayer(midBody, LW, LH)
  let foreBody =
    p.hills(LW, Y(0.88), 12 * u, LH, t.a, 2) + p.grass(0, LW, Y(0.9), 70 * u, t.dark, 3)
  foreBody +=
    figure({
      x: X(0.3),
      y: Y(0.93),
      height: 190 * u,
      fill: t.dark,
      accent: t.b,
      pose: 'walk',
      hair: 'wrap',
    }) +
    figure({
      x: X(0.36),
      y: Y(0.93),
      height: 140 * u,
      fill: t.dark,
      accent: t.paper,
      pose: 'walk',
      hair: 'round',
    })
  foreBody +=
    p.tree(X(0.86), Y(0.93), 300 * u, t.dark, t.a) +
    p.lamp(X(0.7), Y(0.8), 36 * u, st.t, t.b) +
    rect(X(0.7) - 3 * u, Y(0.8) + 20 * u, 6 * u, Y(0.13), t.dark)
  const fore = await renderLayer(foreBody, LW, LH)
  const draw: FrameFn = (frame, time) => {
    blend(frame, W, H, sky, M + 6 * wave(time, T), M + 3 * wave(time, T, 1))
    blend(
      frame,
      W,
      H,
      light,
      M + 6 * wave(time, T),
      M + 3 * wave(time, T, 1),
      0.55 + 0.35 * wave(time, T / 2),
    )
    blend(frame, W, H, far, M + 16 * wave(time, T), M + 4 * wave(time, T, 1))
    blend(frame, W, H, mid, M + 30 * wave(time, T), M + 6 * wave(time, T, 1))
    blend(frame, W, H, fore, M + 55 * wave(time, T), M + 10 * wave(time, T, 1))
  }
  const { posterFrame } = await encode('video/hero', W, H, T, draw, { mp4: '600k', webm: '500k' })
  const poster = await writeVariants('video/hero-poster', posterFrame, [640, 1280])
  return {
    entry: {
      width: W,
      height: H,
      duration: T,
      poster: 'video/hero-poster',
      mp4: '/media/video/hero.mp4',
      webm: '/media/video/hero.webm',
    },
    poster,
  }
}

// ---------------------------------------------------------------- about: listen, learn, lead

function label(st: Stage, text: string, color: string): string {
  return `<text x="${st.X(0.06)}" y="${st.Y(0.16)}" font-family="EB Garamond" font-weight="700" font-size="${st.h * 0.11}" fill="${color}">${escapeXml(text)}</text><rect x="${st.X(0.06)}" y="${st.Y(0.19)}" width="${st.w * 0.06}" height="${st.h * 0.008}" fill="${color}"/>`
}

async function about(): Promise<{ entry: VideoEntry; poster: ImageEntry }> {
  const W = 1280
  const H = 720
  const M = 60
  const segments: [string, Inks, Scene][] = [
    ['Listen', inks('teal', 'gold'), S.aboutListen],
    ['Learn', inks('plum', 'clay'), S.aboutLearn],
    ['Lead', inks('ink', 'clay'), S.aboutLead],
  ]
  const layers: { art: Layer; text: Layer; light: Layer }[] = []
  for (const [name, c, scene] of segments) {
    const st = createStage(W + 2 * M, H + 2 * M, c, `about-${name}`)
    layers.push({
      art: await renderLayer(scene(st), st.w, st.h),
      text: await renderLayer(
        `<g transform="translate(${M} ${M})">${label(createStage(W, H, c, 'label'), name, c.a)}</g>`,
        st.w,
        st.h,
      ),
      light: await renderLayer(
        halftone({
          x: 0,
          y: 0,
          w: st.w,
          h: st.h,
          step: 16,
          fill: c.paper,
          density: ramp.radial(0.5, 0.5, 0.5, 0.6, 0),
        }),
        st.w,
        st.h,
      ),
    })
  }
  const seg = 14 / 3
  const fade = 0.7
  const duration = 14
  const segmentFrame = (frame: Uint8Array, k: number, local: number) => {
    const l = layers[k]!
    const pan = (local / seg - 0.5) * 2 * M * 0.8
    blend(frame, W, H, l.art, M + pan, M - pan * 0.15)
    blend(frame, W, H, l.light, M - pan * 2.2, M + 10, 0.35)
    blend(frame, W, H, l.text, M, M)
  }
  const other = new Uint8Array(W * H * 3)
  const draw: FrameFn = (frame, time) => {
    const k = Math.min(2, Math.floor(time / seg))
    const local = time - k * seg
    segmentFrame(frame, k, local)
    if (k < 2 && local > seg - fade) {
      other.fill(0)
      segmentFrame(other, k + 1, local - seg)
      const mix = (local - (seg - fade)) / fade
      const e = mix * mix * (3 - 2 * mix)
      for (let i = 0; i < frame.length; i++) frame[i] = frame[i]! * (1 - e) + other[i]! * e
    }
  }
  const { frameAt } = await encode('video/about', W, H, duration, draw, {
    mp4: '600k',
    webm: '500k',
  })
  const poster = await writeVariants(
    'video/about-poster',
    await frameAt(Math.round(duration * FPS * 0.2)),
    [640, 1280],
  )
  return {
    entry: {
      width: W,
      height: H,
      duration,
      poster: 'video/about-poster',
      mp4: '/media/video/about.mp4',
      webm: '/media/video/about.webm',
    },
    poster,
  }
}

// ---------------------------------------------------------------- documentary clips

const clipScenes: Record<string, [Inks, Scene]> = {
  'the-long-way-home': [inks('ink', 'gold'), D.roadHome],
  'mothers-of-the-bond': [inks('plum', 'clay'), D.mothersLinked],
  'walls-that-speak': [inks('ink', 'clay'), D.youthMural],
  'first-breath': [inks('teal', 'clay'), D.firstLight],
}

async function clip(doc: string): Promise<VideoEntry> {
  const W = 960
  const H = 540
  const M = 48
  const seconds = 8
  const [c, scene] = clipScenes[doc]!
  const st = createStage(W + 2 * M, H + 2 * M, c, `documentaries/${doc}/poster`)
  const art = await renderLayer(scene(st), st.w, st.h)
  const light = await renderLayer(
    glow(st, st.X(0.5), st.Y(0.5), st.h * 0.5, c.paper, 0.55),
    st.w,
    st.h,
  )
  const draw: FrameFn = (frame, time) => {
    const s = time / seconds
    const e = s * s * (3 - 2 * s)
    const pan = (e - 0.5) * 2 * M * 0.85
    blend(frame, W, H, art, M + pan, M + pan * 0.2)
    blend(frame, W, H, light, M - pan * 3, M, 0.3)
  }
  await encode(`documentaries/${doc}/clip`, W, H, seconds, draw, { mp4: '420k', webm: '340k' })
  return {
    width: W,
    height: H,
    duration: seconds,
    poster: `documentaries/${doc}/poster`,
    mp4: `/media/documentaries/${doc}/clip.mp4`,
    webm: `/media/documentaries/${doc}/clip.webm`,
  }
}

export async function writeVideos(
  only: (group: string) => boolean,
): Promise<{ videos: Record<string, VideoEntry>; posters: Record<string, ImageEntry> }> {
  const videos: Record<string, VideoEntry> = {}
  const posters: Record<string, ImageEntry> = {}
  if (only('hero')) {
    const h = await hero()
    videos['video/hero'] = h.entry
    posters['video/hero-poster'] = h.poster
  }
  if (only('about-video')) {
    const a = await about()
    videos['video/about'] = a.entry
    posters['video/about-poster'] = a.poster
  }
  if (only('clips'))
    for (const doc of Object.keys(clipScenes)) videos[`documentaries/${doc}/clip`] = await clip(doc)
  return { videos, posters }
}
