/** Pictures for the site's own sections: categories, the about page, the home mission, and course cards. */
import { tint } from '#scripts/media/lib/palette.ts'
import { halftone, ramp } from '#scripts/media/lib/svg.ts'
import { bust, figure } from '#scripts/media/art/figures.ts'
import * as p from '#scripts/media/art/props.ts'
import { circle, line, path, rect, stroke } from '#scripts/media/art/shapes.ts'
import { fill, glow, wash, type Scene, type Stage } from '#scripts/media/art/stage.ts'

// ---------------------------------------------------------------- categories (3:4)

export const categoryArt: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    p.brickWall(0, 0, st.w, Y(0.7), t, t.bSoft) +
    p.sun(X(0.62), Y(0.3), 170 * u, t.b, t.b)
  out += bust(
    {
      hair: 'locs',
      clothing: 'sweater',
      tilt: 10,
      skin: t.a,
      hairColor: t.dark,
      cloth: t.b,
      clothAccent: t.paper,
    },
    { a: t.a, b: t.b, paper: t.paper },
    X(0.3),
    Y(0.34),
    90 * u,
  )
  out +=
    rect(0, Y(0.7), st.w, Y(0.3), t.a) +
    p.paintCan(X(0.3), Y(0.92), 170 * u, t, t.b) +
    p.brush(X(0.62), Y(0.92), 300 * u, t, 35) +
    p.brush(X(0.72), Y(0.94), 260 * u, t, 55, t.paper)
  return out
}

export const categoryJustice: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    wash(st, t.b, 0, 0.7, 0.6, 0.05) +
    p.courthouse(X(0.5), Y(0.66), X(0.9), t, { stone: t.bSoft, steps: 5 })
  out += rect(0, Y(0.66), st.w, Y(0.34), t.a) + p.scales(X(0.5), Y(0.94), 420 * u, t.paper, t.b)
  return out
}

export const categoryFamily: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    path(
      `M${X(0.1)} ${Y(0.9)}V${Y(0.42)}L${X(0.5)} ${Y(0.14)}L${X(0.9)} ${Y(0.42)}V${Y(0.9)}Z`,
      t.bSoft,
    ) +
    glow(st, X(0.5), Y(0.5), 420 * u, t.b, 0.6)
  out += stroke(`M${X(0.04)} ${Y(0.44)}L${X(0.5)} ${Y(0.1)}L${X(0.96)} ${Y(0.44)}`, t.a, 30 * u)
  out +=
    figure({ x: X(0.32), y: Y(0.9), height: 470 * u, fill: t.a, accent: t.dark, hair: 'wrap' }) +
    figure({
      x: X(0.68),
      y: Y(0.9),
      height: 500 * u,
      fill: t.a,
      accent: t.b,
      hair: 'short',
      facing: -1,
    })
  out += figure({
    x: X(0.5),
    y: Y(0.9),
    height: 270 * u,
    fill: t.dark,
    accent: t.paper,
    hair: 'round',
    pose: 'reach',
  })
  out += rect(0, Y(0.9), st.w, Y(0.1), t.a) + p.heart(X(0.5), Y(0.34), 60 * u, t.b)
  return out
}

export const categoryHealth: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      step: 16 * u,
      fill: t.b,
      density: ramp.radial(0.5, 0.42, 0.6, 0.7, 0),
    })
  out += p.heart(X(0.5), Y(0.42), 380 * u, t.b)
  out += stroke(
    `M0 ${Y(0.44)}H${X(0.28)}L${X(0.36)} ${Y(0.34)}L${X(0.44)} ${Y(0.56)}L${X(0.52)} ${Y(0.28)}L${X(0.6)} ${Y(0.5)}L${X(0.66)} ${Y(0.44)}H${st.w}`,
    t.paper,
    14 * u,
  )
  out +=
    rect(0, Y(0.8), st.w, Y(0.2), t.a) +
    p.openHand(X(0.34), Y(0.74), 150 * u, t.aSoft, t.a, t.dark, 1) +
    p.openHand(X(0.66), Y(0.76), 150 * u, t.b, t.dark, t.dark, -1)
  return out
}

// ---------------------------------------------------------------- about (4:3) and home

export const aboutListen: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    circle(X(0.44), Y(0.48), 330 * u, t.bSoft) +
    halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      step: 16 * u,
      fill: t.b,
      density: ramp.radial(0.44, 0.48, 0.5, 0.6, 0),
    })
  out +=
    p.soundWaves(X(0.44) + 60 * u, Y(0.34), 420 * u, t.a, 4, 1) +
    p.soundWaves(X(0.44) - 60 * u, Y(0.34), 420 * u, t.b, 3, -1)
  out += rect(0, Y(0.86), st.w, Y(0.14), t.a) + p.microphone(X(0.44), Y(0.88), 640 * u, t)
  out += p.headphones(X(0.8), Y(0.78), 200 * u, t)
  return out
}

export const aboutLearn: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.bPale) + wash(st, t.b, 0, 0.7, 0.5, 0) + rect(0, Y(0.7), st.w, Y(0.3), t.a)
  out +=
    p.screen(X(0.42), Y(0.72), 360 * u, t, 'lesson') +
    p.notebook(X(0.78), Y(0.86), 200 * u, t, 4) +
    p.books(X(0.13), Y(0.72), 200 * u, t, 5) +
    p.cup(X(0.9), Y(0.7), 90 * u, t)
  return out
}

export const aboutLead: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.bPale) + p.sun(X(0.5), Y(0.5), 200 * u, t.b) + wash(st, t.b, 0, 0.6, 0.5, 0)
  out +=
    p.hills(st.w, Y(0.6), 20 * u, st.h, t.bSoft, 2) +
    path(`M${X(0.3)} ${st.h}Q${X(0.5)} ${Y(0.5)} ${X(0.7)} ${st.h}Z`, t.aSoft)
  out += figure({
    x: X(0.5),
    y: Y(0.66),
    height: 330 * u,
    fill: t.a,
    accent: t.dark,
    pose: 'reach',
    hair: 'wrap',
  })
  const crowd: [number, number, 'round' | 'bun' | 'short' | 'long'][] = [
    [0.2, 300, 'round'],
    [0.32, 320, 'short'],
    [0.66, 310, 'bun'],
    [0.8, 330, 'long'],
    [0.12, 260, 'short'],
    [0.9, 270, 'round'],
  ]
  for (const [i, [x, hgt, hair]] of crowd.entries())
    out += figure({
      x: X(x),
      y: Y(1.02),
      height: hgt * u,
      fill: i % 2 ? t.a : t.dark,
      accent: i % 2 ? t.b : t.aSoft,
      hair,
      facing: x < 0.5 ? 1 : -1,
      pose: i === 2 ? 'reach' : 'stand',
    })
  return out
}

export const aboutInsight: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.a) + glow(st, X(0.36), Y(0.36), 520 * u, t.b, 0.8)
  out +=
    line(X(0.36), 0, X(0.36), Y(0.2), t.paper, 6 * u) +
    path(`M${X(0.28)} ${Y(0.3)}Q${X(0.36)} ${Y(0.12)} ${X(0.44)} ${Y(0.3)}Z`, t.b) +
    circle(X(0.36), Y(0.31), 18 * u, t.paper)
  out += bust(
    {
      hair: 'bob',
      clothing: 'cardigan',
      glasses: true,
      tilt: -14,
      skin: t.b,
      hairColor: t.dark,
      cloth: t.aSoft,
      clothAccent: t.b,
    },
    { a: t.dark, b: t.b, paper: t.paper },
    X(0.3),
    Y(0.5),
    110 * u,
  )
  out += p.notebook(X(0.6), Y(0.9), 260 * u, t, 6) + p.books(X(0.86), Y(0.8), 170 * u, t, 6)
  return out
}

/** A neighbourhood map: streets, a river, homes and pins where the work happens. */
export const neighbourhoodMap: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.bPale)
  const block = 150 * u
  for (let y = -block * 0.3; y < st.h; y += block)
    for (let x = -block * 0.2; x < st.w; x += block) {
      const k = Math.round(x / block) * 7 + Math.round(y / block) * 3
      out += rect(
        x + 18 * u,
        y + 18 * u,
        block - 36 * u,
        block - 36 * u,
        k % 5 === 0 ? t.bSoft : k % 7 === 0 ? tint(t.a, 0.3, t.paper) : t.paper,
        `rx="${8 * u}"`,
      )
      if (k % 4 === 1)
        for (let i = 0; i < 3; i++)
          out += rect(x + 34 * u + i * 36 * u, y + 40 * u, 26 * u, 26 * u, t.aSoft)
    }
  out +=
    stroke(
      `M${X(-0.05)} ${Y(0.75)}C${X(0.25)} ${Y(0.55)} ${X(0.45)} ${Y(0.95)} ${X(0.7)} ${Y(0.7)}S${X(0.95)} ${Y(0.45)} ${X(1.05)} ${Y(0.5)}`,
      t.b,
      70 * u,
    ) +
    stroke(
      `M${X(-0.05)} ${Y(0.75)}C${X(0.25)} ${Y(0.55)} ${X(0.45)} ${Y(0.95)} ${X(0.7)} ${Y(0.7)}S${X(0.95)} ${Y(0.45)} ${X(1.05)} ${Y(0.5)}`,
      t.paper,
      4 * u,
      `stroke-dasharray="${20 * u} ${20 * u}"`,
    )
  out += stroke(
    `M${X(0.15)} ${Y(0.2)}L${X(0.4)} ${Y(0.42)}L${X(0.62)} ${Y(0.3)}L${X(0.82)} ${Y(0.62)}`,
    t.a,
    8 * u,
    `stroke-dasharray="${18 * u} ${14 * u}"`,
  )
  for (const [x, y, c] of [
    [0.15, 0.2, t.a],
    [0.4, 0.42, t.b],
    [0.62, 0.3, t.a],
    [0.82, 0.62, t.b],
  ] as const)
    out +=
      path(
        `M${X(x)} ${Y(y)}C${X(x) - 60 * u} ${Y(y) - 70 * u} ${X(x) - 45 * u} ${Y(y) - 130 * u} ${X(x)} ${Y(y) - 130 * u}C${X(x) + 45 * u} ${Y(y) - 130 * u} ${X(x) + 60 * u} ${Y(y) - 70 * u} ${X(x)} ${Y(y)}Z`,
        c,
      ) + circle(X(x), Y(y) - 88 * u, 20 * u, t.paper)
  return out
}

// ---------------------------------------------------------------- courses (16:10)

/** Course cards carry their title over the picture, so the motif sits low and the top stays calm. */
function courseBase(st: Stage): string {
  const { t, X, Y, u } = st
  return (
    fill(st, t.bPale) +
    halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      step: 16 * u,
      fill: t.b,
      density: ramp.radial(0.7, 0.7, 0.7, 0.6, 0),
    }) +
    rect(0, Y(0.84), st.w, Y(0.16), t.a) +
    circle(X(0.7), Y(0.62), 260 * u, t.bSoft)
  )
}

export const courses: Record<string, Scene> = {
  'la-pc-24-hour-package': (st) =>
    courseBase(st) +
    p.louisiana(st.X(0.5), st.Y(0.5), 700 * st.u, st.t.aSoft) +
    p.books(st.X(0.7), st.Y(0.86), 330 * st.u, st.t, 4) +
    p.clock(st.X(0.3), st.Y(0.62), 140 * st.u, st.t, 12, 0),
  '3-course-bundle': (st) =>
    courseBase(st) +
    [0.32, 0.5, 0.68]
      .map(
        (x, i) =>
          `<g transform="rotate(${(i - 1) * 8} ${st.X(x)} ${st.Y(0.9)})">${rect(st.X(x) - 120 * st.u, st.Y(0.84) - 420 * st.u, 240 * st.u, 330 * st.u, [st.t.a, st.t.b, st.t.dark][i]!, `rx="${14 * st.u}"`)}${rect(st.X(x) - 80 * st.u, st.Y(0.84) - 360 * st.u, 160 * st.u, 20 * st.u, st.t.paper)}${rect(st.X(x) - 80 * st.u, st.Y(0.84) - 320 * st.u, 110 * st.u, 14 * st.u, st.t.paper, 'opacity="0.7"')}</g>`,
      )
      .join(''),
  'la-flood-insurance-nfip': (st) =>
    courseBase(st) +
    p.house(st.X(0.5), st.Y(0.72), 340 * st.u, st.t, { body: st.t.b, roof: st.t.a }) +
    rect(0, st.Y(0.66), st.w, st.Y(0.34), st.t.a, 'opacity="0.85"') +
    p.waves(0, st.Y(0.7), st.w, 80 * st.u, st.t.paper, 6 * st.u, 4),
  'la-ethics-for-producers': (st) =>
    courseBase(st) +
    p.certificate(st.X(0.32), st.Y(0.84), 360 * st.u, st.t) +
    p.scales(st.X(0.68), st.Y(0.84), 420 * st.u, st.t.a, st.t.b),
  'homeowners-coverage-essentials': (st) =>
    courseBase(st) +
    p.umbrella(st.X(0.5), st.Y(0.42), 330 * st.u, st.t.b, st.t.a) +
    p.house(st.X(0.5), st.Y(0.84), 280 * st.u, st.t, {
      body: st.t.aSoft,
      roof: st.t.a,
      porch: true,
    }),
  'commercial-general-liability': (st) =>
    courseBase(st) +
    p.storefront(st.X(0.44), st.Y(0.84), 380 * st.u, st.t) +
    p.shield(st.X(0.78), st.Y(0.7), 300 * st.u, st.t.b, st.t.paper),
  'personal-auto-policy': (st) =>
    courseBase(st) +
    p.hills(st.w, st.Y(0.7), 10 * st.u, st.Y(0.84), st.t.bSoft, 2) +
    p.car(st.X(0.46), st.Y(0.86), 230 * st.u, st.t) +
    p.shield(st.X(0.82), st.Y(0.62), 220 * st.u, st.t.a, st.t.paper),
  'workers-compensation-basics': (st) =>
    courseBase(st) +
    p.hardHat(st.X(0.44), st.Y(0.72), 380 * st.u, st.t.b, st.t.a) +
    p.wrench(st.X(0.74), st.Y(0.66), 380 * st.u, st.t.a, 35) +
    p.openHand(st.X(0.36), st.Y(0.86), 120 * st.u, st.t.aSoft, st.t.a, st.t.dark, 1),
  'business-owners-policy': (st) =>
    courseBase(st) +
    p.office(st.X(0.34), st.Y(0.84), 260 * st.u, 560 * st.u, st.t, st.t.a) +
    p.office(st.X(0.56), st.Y(0.84), 200 * st.u, 400 * st.u, st.t, st.t.aSoft) +
    p.briefcase(st.X(0.8), st.Y(0.86), 260 * st.u, st.t.b, st.t.a),
  'umbrella-and-excess-liability': (st) =>
    courseBase(st) +
    p.umbrella(st.X(0.5), st.Y(0.46), 480 * st.u, st.t.a, st.t.a) +
    p.house(st.X(0.38), st.Y(0.84), 200 * st.u, st.t, { body: st.t.b, roof: st.t.dark }) +
    p.car(st.X(0.64), st.Y(0.86), 120 * st.u, st.t),
  'cyber-liability-for-small-business': (st) =>
    courseBase(st) +
    p.screen(st.X(0.48), st.Y(0.78), 380 * st.u, st.t, 'lock') +
    stroke(
      `M${st.X(0.1)} ${st.Y(0.2)}H${st.X(0.22)}V${st.Y(0.34)}H${st.X(0.3)}`,
      st.t.a,
      6 * st.u,
    ) +
    circle(st.X(0.3), st.Y(0.34), 12 * st.u, st.t.a) +
    stroke(`M${st.X(0.9)} ${st.Y(0.18)}H${st.X(0.8)}V${st.Y(0.3)}`, st.t.a, 6 * st.u) +
    circle(st.X(0.8), st.Y(0.3), 12 * st.u, st.t.a),
  'hurricane-claims-and-windstorm': (st) =>
    courseBase(st) +
    p.stormSpiral(st.X(0.62), st.Y(0.36), 300 * st.u, st.t.a, 26 * st.u) +
    p.palmTree(st.X(0.26), st.Y(0.86), 520 * st.u, st.t.a, 0.45) +
    p.house(st.X(0.6), st.Y(0.86), 200 * st.u, st.t, { body: st.t.b, roof: st.t.a }),
  fallback: (st) =>
    courseBase(st) +
    p.books(st.X(0.5), st.Y(0.86), 420 * st.u, st.t, 5) +
    p.lamp(st.X(0.76), st.Y(0.3), 80 * st.u, st.t, st.t.b),
}
