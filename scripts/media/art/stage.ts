/**
 * A stage is the canvas a scene is drawn on: its size, its two inks as tones, seeded randomness,
 * and fractional coordinates, so one composition works at 3:2, 4:5 or 16:9.
 */
import { createRng, type Rng } from '#scripts/media/lib/random.ts'
import type { Inks } from '#scripts/media/lib/palette.ts'
import { halftone, ramp } from '#scripts/media/lib/svg.ts'
import { tones, type Tones } from './props.ts'
import { rect } from './shapes.ts'

export type Stage = {
  w: number
  h: number
  t: Tones
  rng: Rng
  /** Size unit: one thousandth of the short side. */
  u: number
  X: (fraction: number) => number
  Y: (fraction: number) => number
}

export type Scene = (st: Stage) => string

export function createStage(w: number, h: number, inks: Inks, seed: string): Stage {
  return {
    w,
    h,
    t: tones(inks),
    rng: createRng(seed),
    u: Math.min(w, h) / 1000,
    X: (f) => f * w,
    Y: (f) => f * h,
  }
}

export const fill = (st: Stage, color: string) => rect(0, 0, st.w, st.h, color)

/** A halftone wash over a band of the picture: light at one end, dense at the other. */
export function wash(
  st: Stage,
  color: string,
  y0: number,
  y1: number,
  from: number,
  to: number,
  step = 14,
  opacity?: number,
): string {
  return halftone({
    x: 0,
    y: st.Y(y0),
    w: st.w,
    h: st.Y(y1) - st.Y(y0),
    step: step * st.u * 1.15,
    fill: color,
    density: ramp.down(from, to),
    opacity,
  })
}

/** Radial halftone light, as if a lamp or the sun glows through the screen. */
export function glow(
  st: Stage,
  x: number,
  y: number,
  r: number,
  color: string,
  strength = 0.9,
): string {
  return halftone({
    x: x - r,
    y: y - r,
    w: r * 2,
    h: r * 2,
    step: 13 * st.u * 1.15,
    fill: color,
    density: ramp.radial(0.5, 0.5, 0.5, strength, 0),
  })
}
