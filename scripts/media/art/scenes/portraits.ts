/**
 * The people: seven article subjects and three testimonial authors, each a distinct bust (hair,
 * clothing, posture, profile) in their own pair of inks, before a faint sign of their work.
 */
import { inks, tint, type Inks } from '#scripts/media/lib/palette.ts'
import { halftone, ramp } from '#scripts/media/lib/svg.ts'
import { bust, type BustSpec } from '#scripts/media/art/figures.ts'
import * as p from '#scripts/media/art/props.ts'
import { circle } from '#scripts/media/art/shapes.ts'
import { fill, type Scene, type Stage } from '#scripts/media/art/stage.ts'

type Person = { inks: Inks; spec: BustSpec; backdrop: (st: Stage) => string }

const faint = (body: string) => `<g opacity="0.5">${body}</g>`

export const people: Record<string, Person> = {
  'marisol-vega': {
    inks: inks('teal', 'clay'),
    spec: {
      hair: 'bun',
      clothing: 'overalls',
      earring: true,
      nose: 0.3,
      lips: 0.6,
      chin: 0.4,
      tilt: 4,
    },
    backdrop: (st) => faint(p.brickWall(0, 0, st.w, st.h * 0.55, st.t, st.t.bPale)),
  },
  'dante-whitfield': {
    inks: inks('ink', 'clay'),
    spec: {
      hair: 'waves',
      clothing: 'denim',
      beard: true,
      facing: 'left',
      nose: 0.6,
      lips: 0.7,
      chin: 0.6,
      tilt: -3,
      shoulders: 0.95,
    },
    backdrop: (st) => faint(p.notebook(st.w * 0.24, st.h * 0.2, 300 * st.u, st.t, 1)),
  },
  'amara-nwosu': {
    inks: inks('plum', 'gold'),
    spec: {
      hair: 'wrap',
      clothing: 'shawl',
      earring: true,
      nose: 0.45,
      lips: 0.8,
      chin: 0.5,
      tilt: 6,
    },
    backdrop: (st) => faint(p.quilt(st.w * 0.62, st.h * 0.06, 3, 3, 110 * st.u, st.t)),
  },
  'terrence-hollis': {
    inks: inks('ink', 'gold'),
    spec: {
      hair: 'silver',
      clothing: 'cardigan',
      beard: true,
      glasses: true,
      facing: 'left',
      nose: 0.7,
      lips: 0.5,
      chin: 0.7,
      tilt: 0,
      shoulders: 1.05,
      lean: 4,
    },
    backdrop: (st) =>
      faint(
        p.house(st.w * 0.22, st.h * 0.34, 240 * st.u, st.t, {
          body: st.t.bSoft,
          roof: st.t.aSoft,
          porch: true,
        }),
      ),
  },
  'yolanda-reyes': {
    inks: inks('teal', 'gold'),
    spec: {
      hair: 'long',
      clothing: 'blazer',
      earring: true,
      nose: 0.35,
      lips: 0.5,
      chin: 0.3,
      tilt: 8,
    },
    backdrop: (st) => faint(p.gate(st.w * 0.78, st.h * 0.4, 260 * st.u, st.t, 0.9)),
  },
  'lorraine-mitchell': {
    inks: inks('plum', 'clay'),
    spec: {
      hair: 'afro',
      clothing: 'turtleneck',
      facing: 'left',
      glasses: true,
      nose: 0.5,
      lips: 0.7,
      chin: 0.5,
      tilt: 2,
    },
    backdrop: (st) =>
      faint(
        p.courthouse(st.w * 0.24, st.h * 0.4, 300 * st.u, st.t, { stone: st.t.bPale, steps: 3 }),
      ),
  },
  'keisha-abernathy': {
    inks: inks('ink', 'plum'),
    spec: {
      hair: 'locs',
      clothing: 'wrap-top',
      earring: true,
      nose: 0.4,
      lips: 0.75,
      chin: 0.45,
      tilt: 10,
    },
    backdrop: (st) =>
      faint(
        p.windowFrame(
          st.w * 0.78,
          st.h * 0.4,
          230 * st.u,
          300 * st.u,
          st.t,
          st.t.bPale,
          p.sun(st.w * 0.8, st.h * 0.28, 40 * st.u, st.t.b),
        ),
      ),
  },
  'evelyn-harper': {
    inks: inks('teal', 'clay'),
    spec: {
      hair: 'silver',
      clothing: 'blazer',
      glasses: true,
      earring: true,
      nose: 0.4,
      lips: 0.5,
      chin: 0.4,
      tilt: 2,
    },
    backdrop: () => '',
  },
  'marcus-oyelaran': {
    inks: inks('ink', 'gold'),
    spec: {
      hair: 'crop',
      clothing: 'shirt',
      beard: true,
      facing: 'left',
      nose: 0.55,
      lips: 0.65,
      chin: 0.6,
      tilt: 4,
      shoulders: 1.05,
    },
    backdrop: () => '',
  },
  'hana-whitecloud': {
    inks: inks('plum', 'sky'),
    spec: {
      hair: 'braids',
      clothing: 'sweater',
      earring: true,
      nose: 0.65,
      lips: 0.4,
      chin: 0.5,
      tilt: 6,
      skin: tint('#b8462a', 0.85),
    },
    backdrop: () => '',
  },
}

/** A bust on a halo; the design space is 1000 x 1250, and a square picture crops around the head. */
export function portrait(slug: string): Scene {
  const person = people[slug]
  if (!person) throw new Error(`no portrait spec for ${slug}`)
  return (st) => {
    const { t } = st
    const k = st.w / 1000
    const square = st.w === st.h
    const cx = st.w * 0.5 + (person.spec.facing === 'left' ? 20 : -20) * k
    const cy = square ? st.h * 0.4 : st.h * 0.38
    const h = (square ? 150 : 190) * k
    let out = fill(st, t.paper) + person.backdrop(st)
    out += circle(cx, cy + h * 0.1, h * 2.05, tint(t.b, 0.32, t.paper))
    out += halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      step: 15 * k,
      fill: t.b,
      density: ramp.radial(person.spec.facing === 'left' ? 0.15 : 0.85, 0.1, 0.9, 0.75, 0),
      opacity: 0.6,
    })
    out += bust({ shoulders: 0.88, ...person.spec }, person.inks, cx, cy, h)
    return out
  }
}
