/** Posters and stills of the four documentaries. Stills that share a world with an article reuse its scene in the film's own inks. */
import { tint } from '#scripts/media/lib/palette.ts'
import { halftone, hatch, ramp } from '#scripts/media/lib/svg.ts'
import { bust, figure } from '#scripts/media/art/figures.ts'
import * as p from '#scripts/media/art/props.ts'
import { circle, line, path, rect, stroke } from '#scripts/media/art/shapes.ts'
import { fill, glow, wash, type Scene } from '#scripts/media/art/stage.ts'

/** The Long Way Home: a road to the horizon, a lit house at its end. */
export const roadHome: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) + p.sun(X(0.62), Y(0.42), 120 * u, t.b) + wash(st, t.b, 0, 0.55, 0.55, 0.05)
  out +=
    p.hills(st.w, Y(0.5), 10 * u, st.h, t.bSoft, 4) +
    p.hills(st.w, Y(0.58), 16 * u, st.h, t.aSoft, 1)
  out += path(`M${X(0.57)} ${Y(0.54)}H${X(0.6)}L${X(0.95)} ${st.h}H${X(0.25)}Z`, t.a)
  for (let i = 0; i < 6; i++) {
    const f = i / 6
    const y = Y(0.56 + f * f * 0.44)
    out += rect(
      X(0.585) + (X(0.6) - X(0.585)) * f * 2 - 3 * u * (1 + f * 5),
      y,
      6 * u * (1 + f * 5),
      10 * u * (1 + f * 6),
      t.paper,
    )
  }
  out += p.house(X(0.66), Y(0.53), 60 * u, t, { body: t.a, roof: t.dark, lit: true })
  out += p.tree(X(0.72), Y(0.53), 80 * u, t.a, t.a) + p.tree(X(0.36), Y(0.6), 160 * u, t.a, t.dark)
  out += figure({
    x: X(0.46),
    y: Y(0.92),
    height: 260 * u,
    fill: t.dark,
    accent: t.b,
    pose: 'walk',
    hair: 'short',
  })
  out +=
    p.grass(0, X(0.3), st.h, 100 * u, t.dark, 2) + p.grass(X(0.85), st.w, st.h, 100 * u, t.dark, 5)
  return out
}

/** Mothers of the Bond: mothers stand arm in arm before the courthouse. */
export const mothersLinked: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    wash(st, t.b, 0, 0.8, 0.5, 0.05) +
    p.courthouse(X(0.5), Y(0.78), X(0.56), t, { stone: t.bSoft, steps: 5 })
  out += rect(0, Y(0.78), st.w, Y(0.22), t.a)
  const hairs = ['wrap', 'round', 'bun', 'long', 'round'] as const
  for (let i = 0; i < 5; i++) {
    const x = X(0.26 + i * 0.12)
    out += figure({
      x,
      y: Y(0.98),
      height: (420 + (i % 2) * 30) * u,
      fill: t.dark,
      accent: i % 2 ? t.b : t.a,
      pose: 'stand',
      hair: hairs[i],
    })
    if (i < 4)
      out += line(
        x + 20 * u,
        Y(0.98) - 300 * u,
        x + X(0.12) - 20 * u,
        Y(0.98) - 300 * u,
        i % 2 ? t.b : t.a,
        24 * u,
      )
  }
  return out
}

/** Walls That Speak: young painters on ladders before a half-finished wall. */
export const youthMural: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.paper) + p.brickWall(0, 0, st.w, Y(0.8), t, t.bPale)
  out +=
    p.sun(X(0.3), Y(0.34), 150 * u, t.b, t.b) +
    path(
      `M0 ${Y(0.62)}C${X(0.3)} ${Y(0.45)} ${X(0.5)} ${Y(0.7)} ${X(0.68)} ${Y(0.55)}V${Y(0.8)}H0Z`,
      t.a,
    )
  out += bust(
    {
      hair: 'puffs',
      clothing: 'wrap-top',
      facing: 'left',
      tilt: 6,
      skin: t.b,
      hairColor: t.a,
      cloth: t.a,
      clothAccent: t.paper,
    },
    { a: t.a, b: t.b, paper: t.paper },
    X(0.56),
    Y(0.3),
    70 * u,
  )
  out += hatch({
    x: X(0.68),
    y: 0,
    w: X(0.32),
    h: Y(0.8),
    gap: 26 * u,
    stroke: t.aSoft,
    width: 2 * u,
    angle: -45,
    opacity: 0.6,
  })
  for (const lx of [0.7, 0.86]) {
    out +=
      line(X(lx) - 50 * u, Y(0.98), X(lx) - 20 * u, Y(0.2), t.a, 10 * u) +
      line(X(lx) + 50 * u, Y(0.98), X(lx) + 20 * u, Y(0.2), t.a, 10 * u)
    for (let r = 0.3; r < 0.95; r += 0.1)
      out += line(X(lx) - 45 * u + (r - 0.2) * 0, Y(r), X(lx) + 45 * u, Y(r), t.a, 6 * u)
  }
  out += figure({
    x: X(0.7),
    y: Y(0.5),
    height: 240 * u,
    fill: t.dark,
    accent: t.b,
    pose: 'reach',
    hair: 'round',
    facing: -1,
  })
  out += figure({
    x: X(0.86),
    y: Y(0.7),
    height: 230 * u,
    fill: t.dark,
    accent: t.aSoft,
    pose: 'reach',
    hair: 'bun',
    facing: -1,
  })
  out +=
    rect(0, Y(0.96), st.w, Y(0.04), t.a) +
    figure({
      x: X(0.2),
      y: Y(0.98),
      height: 260 * u,
      fill: t.dark,
      accent: t.b,
      pose: 'stand',
      hair: 'short',
    })
  out += p.paintCan(X(0.44), Y(0.98), 80 * u, t, t.b) + p.sprayCan(X(0.5), Y(0.98), 80 * u, t, t.a)
  return out
}

/** First Breath: a mother holds her newborn by a window at first light. */
export const firstLight: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    p.windowFrame(
      X(0.72),
      Y(0.74),
      X(0.3),
      Y(0.56),
      t,
      tint(t.b, 0.45, t.paper),
      p.sun(X(0.72), Y(0.5), 70 * u, t.paper) + p.hills(st.w, Y(0.62), 8 * u, st.h, t.bSoft, 3),
    )
  out += glow(st, X(0.72), Y(0.45), 420 * u, t.paper, 0.5)
  out += rect(0, Y(0.86), st.w, Y(0.14), t.aSoft)
  out += bust(
    {
      hair: 'wrap',
      clothing: 'sweater',
      facing: 'right',
      tilt: -12,
      skin: t.b,
      hairColor: t.a,
      cloth: t.a,
      clothAccent: t.bSoft,
    },
    { a: t.a, b: t.b, paper: t.paper },
    X(0.34),
    Y(0.36),
    120 * u,
  )
  // the baby, swaddled, held at the shoulder
  out += path(
    `M${X(0.34) + 40 * u} ${Y(0.36) + 330 * u}C${X(0.34) + 200 * u} ${Y(0.36) + 250 * u} ${X(0.34) + 330 * u} ${Y(0.36) + 330 * u} ${X(0.34) + 300 * u} ${Y(0.36) + 430 * u}C${X(0.34) + 260 * u} ${Y(0.36) + 520 * u} ${X(0.34) + 80 * u} ${Y(0.36) + 500 * u} ${X(0.34) + 40 * u} ${Y(0.36) + 330 * u}Z`,
    t.paper,
  )
  out +=
    circle(X(0.34) + 250 * u, Y(0.36) + 300 * u, 62 * u, t.b) +
    stroke(
      `M${X(0.34) + 60 * u} ${Y(0.36) + 380 * u}Q${X(0.34) + 180 * u} ${Y(0.36) + 330 * u} ${X(0.34) + 290 * u} ${Y(0.36) + 400 * u}`,
      t.bSoft,
      10 * u,
    )
  out += path(
    `M${X(0.34) + 20 * u} ${Y(0.36) + 470 * u}C${X(0.34) + 120 * u} ${Y(0.36) + 520 * u} ${X(0.34) + 240 * u} ${Y(0.36) + 500 * u} ${X(0.34) + 310 * u} ${Y(0.36) + 440 * u}L${X(0.34) + 320 * u} ${Y(0.36) + 480 * u}C${X(0.34) + 240 * u} ${Y(0.36) + 550 * u} ${X(0.34) + 100 * u} ${Y(0.36) + 560 * u} ${X(0.34) + 10 * u} ${Y(0.36) + 520 * u}Z`,
    t.b,
  )
  return out
}

export const suitcaseStill: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.b) +
    halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      step: 16 * u,
      fill: t.a,
      density: ramp.down(0, 0.5),
    }) +
    rect(0, Y(0.78), st.w, Y(0.22), t.a)
  out +=
    p.briefcase(X(0.46), Y(0.82), 520 * u, t.paper, t.a) +
    rect(
      X(0.46) - 180 * u,
      Y(0.82) - 300 * u,
      90 * u,
      60 * u,
      t.b,
      `transform="rotate(-10 ${X(0.46)} ${Y(0.6)})"`,
    )
  out += p.key(X(0.72), Y(0.88), 120 * u, t.paper, 10, t.a)
  return out
}

export const sprayStill: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = p.brickWall(0, 0, st.w, st.h, t, t.aSoft)
  out +=
    stroke(
      `M${X(0.1)} ${Y(0.3)}C${X(0.3)} ${Y(0.05)} ${X(0.5)} ${Y(0.5)} ${X(0.9)} ${Y(0.2)}`,
      t.b,
      60 * u,
    ) +
    halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: Y(0.6),
      step: 12 * u,
      fill: t.b,
      density: ramp.radial(0.6, 0.3, 0.4, 0.9, 0),
    })
  out += rect(0, Y(0.8), st.w, Y(0.2), t.a)
  out +=
    p.sprayCan(X(0.3), Y(0.9), 380 * u, t, t.b) +
    p.sprayCan(X(0.5), Y(0.92), 330 * u, t, t.paper) +
    p.sprayCan(X(0.7), Y(0.9), 360 * u, t, t.dark)
  return out
}

export const handprintWall: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = p.brickWall(0, 0, st.w, st.h, t, t.bPale)
  const prints: [number, number, number, number][] = [
    [0.2, 0.3, -12, 0],
    [0.45, 0.22, 8, 1],
    [0.72, 0.32, -4, 0],
    [0.3, 0.62, 14, 1],
    [0.58, 0.58, -8, 0],
    [0.82, 0.7, 6, 1],
  ]
  for (const [x, y, a, k] of prints) {
    const c = k ? t.b : t.a
    let hand = rect(X(x) - 60 * u, Y(y) - 20 * u, 120 * u, 110 * u, c, `rx="${40 * u}"`)
    for (let f = 0; f < 4; f++)
      hand += rect(
        X(x) - 58 * u + f * 31 * u,
        Y(y) - 110 * u + Math.abs(f - 1.5) * 14 * u,
        26 * u,
        110 * u,
        c,
        `rx="${13 * u}"`,
      )
    hand += rect(
      X(x) + 50 * u,
      Y(y) - 10 * u,
      80 * u,
      26 * u,
      c,
      `rx="${13 * u}" transform="rotate(-35 ${X(x) + 50 * u} ${Y(y)})"`,
    )
    out += `<g transform="rotate(${a} ${X(x)} ${Y(y)})">${hand}</g>`
  }
  return out
}

export const heartbeatStill: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.a) +
    halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      step: 16 * u,
      fill: t.b,
      density: ramp.radial(0.5, 0.5, 0.7, 0.5, 0),
    })
  out += p.heart(X(0.5), Y(0.5), 300 * u, t.b)
  out += stroke(
    `M0 ${Y(0.5)}H${X(0.3)}L${X(0.36)} ${Y(0.38)}L${X(0.43)} ${Y(0.64)}L${X(0.5)} ${Y(0.26)}L${X(0.57)} ${Y(0.58)}L${X(0.62)} ${Y(0.5)}H${st.w}`,
    t.paper,
    14 * u,
  )
  return out
}

export const windowMorning: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bSoft) +
    p.windowFrame(
      X(0.5),
      Y(0.76),
      X(0.56),
      Y(0.6),
      t,
      t.bPale,
      p.sun(X(0.56), Y(0.36), 80 * u, t.b) +
        glow(st, X(0.56), Y(0.36), 300 * u, t.b, 0.6) +
        p.hills(st.w, Y(0.62), 10 * u, st.h, t.bSoft, 2),
    )
  out +=
    rect(0, Y(0.84), st.w, Y(0.16), t.a) +
    p.plant(X(0.3), Y(0.82), 220 * u, t) +
    p.cup(X(0.68), Y(0.82), 90 * u, t)
  return out
}

export const nurseryChair: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    circle(X(0.5), Y(0.45), 320 * u, t.bSoft) +
    rect(0, Y(0.82), st.w, Y(0.18), t.a)
  out += p.rockingChair(X(0.48), Y(0.84), 560 * u, t.a)
  out +=
    path(
      `M${X(0.36)} ${Y(0.5)}Q${X(0.48)} ${Y(0.44)} ${X(0.6)} ${Y(0.52)}L${X(0.58)} ${Y(0.8)}H${X(0.38)}Z`,
      t.b,
    ) +
    hatch({
      x: X(0.36),
      y: Y(0.44),
      w: X(0.24),
      h: Y(0.36),
      gap: 24 * u,
      stroke: t.paper,
      width: 4 * u,
      angle: 90,
      opacity: 0.6,
      clip: `<path d="M${X(0.36)} ${Y(0.5)}Q${X(0.48)} ${Y(0.44)} ${X(0.6)} ${Y(0.52)}L${X(0.58)} ${Y(0.8)}H${X(0.38)}Z"/>`,
    })
  out += p.mobile(X(0.78), 0, 240 * u, t)
  return out
}
