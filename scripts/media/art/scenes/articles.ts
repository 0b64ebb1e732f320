/** Scenes from the world of each changemaker: the cover and the three photographs of an article. */
import { tint } from '#scripts/media/lib/palette.ts'
import { halftone, hatch, ramp } from '#scripts/media/lib/svg.ts'
import { bust, figure } from '#scripts/media/art/figures.ts'
import * as p from '#scripts/media/art/props.ts'
import { circle, line, path, poly, rect, stroke } from '#scripts/media/art/shapes.ts'
import { fill, glow, wash, type Scene, type Stage } from '#scripts/media/art/stage.ts'

const ground = (st: Stage, y: number, color: string) =>
  rect(0, st.Y(y), st.w, st.h - st.Y(y), color)

/** A painted mural: a great sun, a profile face and open hands, on a brick wall. */
function muralArt(st: Stage, x: number, y: number, w: number, h: number): string {
  const { t } = st
  const id = `mur${Math.round(x)}${Math.round(y)}`
  let art = p.brickWall(x, y, w, h, t, t.bSoft)
  art += p.sun(x + w * 0.68, y + h * 0.38, h * 0.26, t.b, t.b)
  art += path(
    `M${x} ${y + h * 0.75}C${x + w * 0.3} ${y + h * 0.55} ${x + w * 0.6} ${y + h * 0.9} ${x + w} ${y + h * 0.65}V${y + h}H${x}Z`,
    t.a,
  )
  // a painted neighbour in profile, gazing at the sun
  art += bust(
    {
      hair: 'afro',
      clothing: 'sweater',
      tilt: 8,
      skin: t.dark,
      hairColor: t.a,
      cloth: t.b,
      clothAccent: t.paper,
    },
    { a: t.a, b: t.b, paper: t.paper },
    x + w * 0.28,
    y + h * 0.36,
    h * 0.2,
  )
  art += stroke(
    `M${x + w * 0.5} ${y + h * 0.95}Q${x + w * 0.55} ${y + h * 0.7} ${x + w * 0.66} ${y + h * 0.74}`,
    t.paper,
    h * 0.04,
  )
  return `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${id})">${art}</g>`
}

function scaffold(st: Stage, x: number, y: number, w: number, h: number, color: string): string {
  let out = ''
  const bays = 3
  for (let i = 0; i <= bays; i++) out += rect(x + (i * w) / bays - st.u * 5, y, st.u * 10, h, color)
  for (let j = 0; j < 3; j++) {
    const yy = y + (j * h) / 3
    out += rect(x - st.u * 10, yy, w + st.u * 20, st.u * 14, color)
    for (let i = 0; i < bays; i++)
      out += line(x + (i * w) / bays, yy + h / 3, x + ((i + 1) * w) / bays, yy, color, st.u * 4)
  }
  return out
}

export const muralWall: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.paper) + wash(st, t.b, 0, 0.5, 0.45, 0, 16)
  out += muralArt(st, X(0.04), Y(0.1), X(0.92), Y(0.72))
  out += scaffold(st, X(0.52), Y(0.28), X(0.36), Y(0.54), t.a)
  out += figure({
    x: X(0.63),
    y: Y(0.28) + 2,
    height: 230 * u,
    fill: t.a,
    accent: t.dark,
    pose: 'reach',
    hair: 'round',
  })
  out += figure({
    x: X(0.8),
    y: Y(0.46) + 2,
    height: 220 * u,
    fill: t.a,
    accent: t.b,
    pose: 'stand',
    hair: 'bun',
    facing: -1,
  })
  out += ground(st, 0.82, t.a)
  out +=
    p.paintCan(X(0.2), Y(0.95), 90 * u, t, t.b) +
    p.paintCan(X(0.28), Y(0.97), 70 * u, t, t.paper) +
    p.brush(X(0.36), Y(0.95), 140 * u, t, 60)
  return out
}

export const paintStill: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      step: 18 * u,
      fill: t.b,
      density: ramp.radial(0.3, 0.2, 0.9, 0.7, 0),
    })
  out += path(`M0 ${Y(0.62)}H${st.w}V${st.h}H0Z`, t.a)
  for (const [i, [x, y]] of (
    [
      [0.12, 0.7],
      [0.33, 0.82],
      [0.7, 0.75],
      [0.85, 0.9],
    ] as const
  ).entries())
    out += circle(X(x), Y(y), (14 + i * 6) * u, i % 2 ? t.b : t.paper)
  out += p.paintCan(X(0.3), Y(0.78), 260 * u, t, t.b)
  out += p.paintCan(X(0.56), Y(0.8), 200 * u, t, t.paper)
  out += p.brush(X(0.75), Y(0.78), 380 * u, t, 28)
  out += p.brush(X(0.83), Y(0.8), 300 * u, t, 40, t.paper)
  out += stroke(
    `M${X(0.06)} ${Y(0.3)}C${X(0.2)} ${Y(0.18)} ${X(0.35)} ${Y(0.42)} ${X(0.5)} ${Y(0.26)}`,
    t.b,
    50 * u,
  )
  return out
}

export const muralCrowd: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.paper) + muralArt(st, 0, 0, st.w, Y(0.72))
  out += ground(st, 0.72, t.aPale) + wash(st, t.a, 0.72, 1, 0.1, 0.5)
  const kids: [
    number,
    number,
    'round' | 'bun' | 'short' | 'long' | 'wrap',
    'stand' | 'reach' | 'child',
  ][] = [
    [0.14, 0.62, 'round', 'stand'],
    [0.3, 0.5, 'bun', 'reach'],
    [0.46, 0.56, 'short', 'stand'],
    [0.62, 0.48, 'long', 'stand'],
    [0.78, 0.6, 'wrap', 'reach'],
    [0.9, 0.45, 'short', 'stand'],
  ]
  for (const [i, [x, hgt, hair, pose]] of kids.entries())
    out += figure({
      x: X(x),
      y: Y(0.93),
      height: hgt * 520 * u,
      fill: t.a,
      accent: i % 2 ? t.b : t.dark,
      hair,
      pose,
      facing: i % 3 === 0 ? -1 : 1,
    })
  return out
}

export const sketchbook: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.aPale) +
    hatch({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      gap: 22 * u,
      stroke: t.a,
      width: 1.6 * u,
      angle: -20,
      opacity: 0.18,
    })
  out +=
    `<g transform="rotate(-4 ${X(0.45)} ${Y(0.5)})">` +
    rect(X(0.12), Y(0.14), X(0.66), Y(0.74), t.paper) +
    muralArt(st, X(0.16), Y(0.2), X(0.58), Y(0.5))
  out +=
    hatch({
      x: X(0.16),
      y: Y(0.2),
      w: X(0.58),
      h: Y(0.5),
      gap: 46 * u,
      stroke: t.a,
      width: 1.5 * u,
      angle: 0,
      opacity: 0.4,
    }) +
    hatch({
      x: X(0.16),
      y: Y(0.2),
      w: X(0.58),
      h: Y(0.5),
      gap: 46 * u,
      stroke: t.a,
      width: 1.5 * u,
      angle: 90,
      opacity: 0.4,
      clip: `<rect x="${X(0.16)}" y="${Y(0.2)}" width="${X(0.58)}" height="${Y(0.5)}"/>`,
    })
  out +=
    rect(X(0.16), Y(0.76), X(0.08), Y(0.06), t.b) +
    rect(X(0.26), Y(0.76), X(0.08), Y(0.06), t.a) +
    rect(X(0.36), Y(0.76), X(0.08), Y(0.06), t.bSoft) +
    '</g>'
  out += p.pen(X(0.86), Y(0.84), 420 * u, t, 20)
  return out
}

export const poetDesk: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.bPale)
  const view = tint(t.b, 0.4, t.paper)
  out += p.windowFrame(
    X(0.7),
    Y(0.56),
    X(0.34),
    Y(0.44),
    t,
    view,
    p.sun(X(0.76), Y(0.3), 40 * u, t.paper) +
      p.gatewayArch(X(0.68), Y(0.56), Y(0.3), t.a, 16 * u) +
      p.river(st.w, Y(0.5), Y(0.1), t.aSoft, t.paper),
  )
  out += ground(st, 0.62, t.a) + wash(st, t.dark, 0.62, 1, 0.2, 0.7)
  out += p.notebook(X(0.36), Y(0.8), 300 * u, t, 3)
  out += p.pen(X(0.58), Y(0.88), 260 * u, t, -60)
  out += p.cup(X(0.85), Y(0.86), 150 * u, t)
  out +=
    glow(st, X(0.12), Y(0.2), 260 * u, t.b) +
    line(X(0.12), 0, X(0.12), Y(0.16), t.a, 6 * u) +
    path(`M${X(0.06)} ${Y(0.24)}L${X(0.09)} ${Y(0.15)}H${X(0.15)}L${X(0.18)} ${Y(0.24)}Z`, t.a)
  return out
}

export const writingCircle: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.paper) + glow(st, X(0.5), Y(0.2), 700 * u, t.b, 0.8) + ground(st, 0.76, t.aPale)
  out +=
    line(X(0.5), 0, X(0.5), Y(0.12), t.a, 5 * u) +
    path(`M${X(0.44)} ${Y(0.2)}Q${X(0.5)} ${Y(0.06)} ${X(0.56)} ${Y(0.2)}Z`, t.a) +
    circle(X(0.5), Y(0.21), 16 * u, t.b)
  const seats: [number, 1 | -1, 'round' | 'bun' | 'short' | 'wrap' | 'long'][] = [
    [0.14, 1, 'round'],
    [0.32, 1, 'short'],
    [0.68, -1, 'bun'],
    [0.86, -1, 'wrap'],
  ]
  for (const [i, [x, facing, hair]] of seats.entries()) {
    out +=
      rect(X(x) - 40 * u * facing, Y(0.72) - 70 * u, 14 * u, 150 * u, t.a) +
      rect(X(x) - 60 * u, Y(0.72), 120 * u, 14 * u, t.a)
    out += figure({
      x: X(x),
      y: Y(0.86),
      height: 330 * u,
      fill: t.a,
      accent: i % 2 ? t.b : t.dark,
      pose: 'sit',
      hair,
      facing,
    })
    out += rect(
      X(x) + facing * 60 * u - 30 * u,
      Y(0.63),
      60 * u,
      40 * u,
      t.paper,
      `transform="rotate(${facing * -15} ${X(x)} ${Y(0.65)})"`,
    )
  }
  out += figure({
    x: X(0.5),
    y: Y(0.92),
    height: 380 * u,
    fill: t.dark,
    accent: t.a,
    pose: 'stand',
    hair: 'short',
  })
  return out
}

export const stageMic: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.a)
  for (let i = 0; i < 9; i++)
    out += path(
      `M${X(i / 9)} 0Q${X((i + 0.5) / 9)} ${Y(0.5)} ${X(i / 9)} ${Y(0.8)}H${X((i + 1) / 9)}Q${X((i + 0.5) / 9)} ${Y(0.45)} ${X((i + 1) / 9)} 0Z`,
      t.dark,
      'opacity="0.6"',
    )
  out += `<clipPath id="cone"><path d="M${X(0.42)} 0H${X(0.58)}L${X(0.8)} ${Y(0.86)}H${X(0.2)}Z"/></clipPath>`
  out += `<g clip-path="url(#cone)">${halftone({ x: X(0.2), y: 0, w: X(0.6), h: Y(0.86), step: 14 * u, fill: t.b, density: ramp.down(0.25, 0.85) })}</g>`
  out +=
    path(`M0 ${Y(0.86)}H${st.w}V${st.h}H0Z`, t.dark) +
    path(`M${X(0.2)} ${Y(0.86)}H${X(0.8)}L${X(0.9)} ${Y(0.95)}H${X(0.1)}Z`, t.b, 'opacity="0.85"')
  out += p.microphone(X(0.5), Y(0.9), 520 * u, { ...t, a: t.paper, bSoft: t.aSoft })
  out += p.soundWaves(X(0.5) + 60 * u, Y(0.9) - 440 * u, 300 * u, t.paper, 3, 1)
  return out
}

export const windowLight: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.aSoft) +
    hatch({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      gap: 18 * u,
      stroke: t.a,
      width: 2 * u,
      angle: 0,
      opacity: 0.2,
    })
  out += rect(X(0.58), Y(0.1), X(0.18), Y(0.22), t.bPale) + p.sun(X(0.7), Y(0.2), 26 * u, t.paper)
  out += `<clipPath id="beam"><path d="M${X(0.58)} ${Y(0.1)}H${X(0.76)}L${X(0.5)} ${Y(0.95)}H${X(0.14)}Z"/></clipPath><g clip-path="url(#beam)">${rect(0, 0, st.w, st.h, t.b, 'opacity="0.35"')}${halftone({ x: X(0.14), y: Y(0.1), w: X(0.62), h: Y(0.85), step: 12 * u, fill: t.bPale, density: ramp.up(0.1, 0.8) })}</g>`
  for (let i = 0; i < 3; i++) out += rect(X(0.6 + i * 0.06), Y(0.1), 10 * u, Y(0.22), t.a)
  out +=
    rect(0, Y(0.68), st.w, Y(0.06), t.a) +
    rect(X(0.12), Y(0.74), 20 * u, Y(0.26), t.a) +
    rect(X(0.78), Y(0.74), 20 * u, Y(0.26), t.a)
  out += p.notebook(X(0.38), Y(0.62), 220 * u, t, 5) + p.pen(X(0.58), Y(0.67), 200 * u, t, -70)
  return out
}

export const quiltWall: Scene = (st) => {
  const { t, X, Y, u } = st
  const cols = st.w > st.h ? 7 : 5
  const size = Math.min((st.w * 0.78) / cols, (st.h * 0.62) / 4)
  const qx = (st.w - cols * size) / 2
  let out = fill(st, t.bPale) + wash(st, t.b, 0, 1, 0.05, 0.35, 20)
  out += line(qx - 30 * u, Y(0.07), qx + cols * size + 30 * u, Y(0.07), t.a, 12 * u)
  out += p.quilt(qx, Y(0.1), cols, 4, size, t, 2)
  out += rect(0, Y(0.8), st.w, Y(0.2), t.a)
  out += p.openHand(X(0.36), Y(0.86), 200 * u, t.b, t.dark, t.dark, 1)
  out += p.needle(X(0.43), Y(0.86), X(0.56), Y(0.66), 300 * u, t)
  out += stroke(
    `M${X(0.45)} ${Y(0.74)}C${X(0.35)} ${Y(0.9)} ${X(0.2)} ${Y(0.7)} ${X(0.1)} ${Y(0.92)}`,
    t.paper,
    3 * u,
  )
  return out
}

export const needleThread: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.paper)
  const size = 170 * u
  for (let j = 0; j < Math.ceil(st.h / size) + 1; j++)
    for (let i = 0; i < Math.ceil(st.w / size) + 1; i++)
      if ((i + j) % 3 === 0)
        out += p.quiltPatch(i * size - size / 2, j * size - size / 3, size, i + j * 2, t)
  out += rect(0, 0, st.w, st.h, t.paper, 'opacity="0.55"')
  out += p.spool(X(0.3), Y(0.78), 420 * u, t)
  out += stroke(
    `M${X(0.3) + 90 * u} ${Y(0.5)}C${X(0.5)} ${Y(0.2)} ${X(0.52)} ${Y(0.75)} ${X(0.62)} ${Y(0.55)}C${X(0.7)} ${Y(0.35)} ${X(0.62)} ${Y(0.2)} ${X(0.7)} ${Y(0.24)}`,
    t.b,
    8 * u,
  )
  out += p.heart(X(0.62), Y(0.42), 80 * u, t.b)
  out += p.needle(X(0.7), Y(0.24), X(0.84), Y(0.74), 460 * u, t)
  return out
}

export const photoLineScene: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.bPale) + glow(st, X(0.75), Y(0.2), 500 * u, t.b, 0.5)
  out += p.photoLine(X(0.02), X(0.98), Y(0.14), 300 * u, t, st.w > st.h ? 5 : 3)
  out += rect(0, Y(0.76), st.w, Y(0.24), t.a)
  out +=
    p.camera(X(0.3), Y(0.82), 260 * u, { ...t, a: t.dark }) +
    p.notebook(X(0.72), Y(0.88), 150 * u, t, 2)
  return out
}

export const quiltCircle: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.paper) + glow(st, X(0.5), Y(0.3), 600 * u, t.b, 0.6)
  const people: [number, number, 1 | -1, 'round' | 'bun' | 'wrap' | 'long' | 'short'][] = [
    [0.12, 0.6, 1, 'wrap'],
    [0.3, 0.58, 1, 'round'],
    [0.7, 0.58, -1, 'bun'],
    [0.88, 0.6, -1, 'long'],
  ]
  for (const [i, [x, y, facing, hair]] of people.entries())
    out += figure({
      x: X(x),
      y: Y(y) + 120 * u,
      height: 330 * u,
      fill: t.dark,
      accent: i % 2 ? t.b : t.aSoft,
      pose: 'sit',
      hair,
      facing,
    })
  // the quilt on its frame, laid across everyone's laps
  out += path(
    `M${X(0.2)} ${Y(0.6)}L${X(0.8)} ${Y(0.6)}L${X(0.92)} ${Y(0.82)}L${X(0.08)} ${Y(0.82)}Z`,
    t.a,
  )
  out += `<clipPath id="qc"><path d="M${X(0.22)} ${Y(0.61)}L${X(0.78)} ${Y(0.61)}L${X(0.89)} ${Y(0.8)}L${X(0.11)} ${Y(0.8)}Z"/></clipPath><g clip-path="url(#qc)">${p.quilt(X(0.05), Y(0.58), 10, 3, X(0.09), t, 1)}</g>`
  return out + rect(0, Y(0.9), st.w, Y(0.1), t.a)
}

export const porchLamp: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.a) + wash(st, t.b, 0, 0.7, 0.1, 0.55, 16) + circle(X(0.16), Y(0.18), 50 * u, t.bPale)
  for (let i = 0; i < 14; i++)
    out += circle(st.rng.range(0, st.w), st.rng.range(0, Y(0.4)), st.rng.range(2, 4) * u, t.bPale)
  out +=
    rect(X(0.24), Y(0.2), X(0.8), Y(0.66), t.dark) +
    poly(
      [
        [X(0.2), Y(0.22)],
        [X(0.64), Y(-0.05)],
        [X(1.08), Y(0.22)],
      ],
      t.a,
    )
  out += rect(X(0.24), Y(0.2), X(0.8), 14 * u, t.b)
  out += rect(X(0.5), Y(0.38), X(0.14), Y(0.44), tint(t.b, 0.55, t.a))
  out +=
    rect(X(0.74), Y(0.38), X(0.14), Y(0.2), tint(t.b, 0.8, t.paper)) +
    rect(X(0.8), Y(0.38), 6 * u, Y(0.2), t.dark)
  out += hatch({
    x: X(0.24),
    y: Y(0.2),
    w: X(0.8),
    h: Y(0.66),
    gap: 28 * u,
    stroke: t.a,
    width: 3 * u,
    angle: 0,
    clip: `<rect x="${X(0.24)}" y="${Y(0.3)}" width="${X(0.26)}" height="${Y(0.56)}"/>`,
  })
  out += p.lamp(X(0.42), Y(0.36), 70 * u, t, t.b)
  out +=
    rect(X(0.2), Y(0.82), X(0.84), Y(0.04), t.paper) +
    rect(X(0.24), Y(0.86), X(0.8), Y(0.14), t.aSoft)
  for (let i = 0; i < 3; i++)
    out += rect(
      X(0.48) - i * 20 * u,
      Y(0.86) + i * Y(0.045),
      X(0.2) + i * 40 * u,
      Y(0.045),
      i % 2 ? t.aSoft : t.paper,
      'opacity="0.9"',
    )
  for (let x = 0.24; x < 1; x += 0.035)
    if (x < 0.46 || x > 0.7) out += rect(X(x), Y(0.68), 8 * u, Y(0.14), t.paper, 'opacity="0.85"')
  out +=
    rect(X(0.22), Y(0.67), X(0.24), 10 * u, t.paper) +
    rect(X(0.7), Y(0.67), X(0.34), 10 * u, t.paper)
  out += p.rockingChair(X(0.32), Y(0.82), 200 * u, t.b)
  out +=
    p.plant(X(0.08), Y(0.98), 300 * u, { ...t, a: t.dark }) +
    p.grass(0, X(0.22), st.h, 120 * u, t.dark)
  return out
}

export const keysHandover: Scene = (st) => {
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
      density: ramp.radial(0.5, 0.45, 0.6, 0.75, 0),
    })
  out += p.house(X(0.5), Y(0.42), 260 * u, t, { body: t.bSoft, roof: t.a, porch: true, lit: true })
  out += p.openHand(X(0.42), Y(0.78), 260 * u, t.b, t.a, t.dark, 1)
  out += p.key(X(0.5), Y(0.68), 190 * u, t.a, -15, t.bPale)
  return out
}

export const porchStreet: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.paper) +
    wash(st, t.b, 0, 0.6, 0.6, 0.05, 16) +
    p.sun(X(0.82), Y(0.2), 70 * u, t.bPale)
  out += rect(0, Y(0.78), st.w, Y(0.22), t.aSoft) + rect(0, Y(0.84), st.w, 8 * u, t.paper)
  const n = st.w > st.h ? 5 : 3
  for (let i = 0; i < n; i++) {
    const x = X((i + 0.5) / n)
    out += p.tree(x + X(0.5 / n), Y(0.8), 220 * u, t.a, tint(t.a, 0.75, t.paper))
    out += p.house(x, Y(0.8), (200 + (i % 2) * 40) * u, t, {
      body: i % 2 ? t.b : t.bSoft,
      roof: t.a,
      porch: true,
      lit: i === 2,
    })
  }
  out += figure({
    x: X(0.3),
    y: Y(0.95),
    height: 170 * u,
    fill: t.a,
    accent: t.b,
    pose: 'walk',
    hair: 'short',
  })
  return out
}

export const porchSteps: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bSoft) +
    hatch({
      x: 0,
      y: 0,
      w: st.w,
      h: Y(0.6),
      gap: 30 * u,
      stroke: t.b,
      width: 10 * u,
      angle: 0,
      opacity: 0.5,
    })
  out +=
    rect(X(0.42), Y(0.08), X(0.18), Y(0.5), t.a) +
    rect(X(0.455), Y(0.12), X(0.11), Y(0.42), t.dark) +
    circle(X(0.555), Y(0.34), 6 * u, t.b)
  out += p.lamp(X(0.68), Y(0.18), 55 * u, t, t.paper)
  for (let i = 0; i < 4; i++)
    out += rect(
      X(0.05) - i * 10 * u,
      Y(0.58) + i * Y(0.1),
      X(0.9) + i * 20 * u,
      Y(0.1),
      i % 2 ? t.aSoft : t.aPale,
    )
  out += figure({
    x: X(0.34),
    y: Y(0.78),
    height: 300 * u,
    fill: t.a,
    accent: t.b,
    pose: 'sit',
    hair: 'short',
    facing: 1,
  })
  out += figure({
    x: X(0.66),
    y: Y(0.78),
    height: 290 * u,
    fill: t.dark,
    accent: t.paper,
    pose: 'sit',
    hair: 'round',
    facing: -1,
  })
  out += p.cup(X(0.5), Y(0.69), 60 * u, t)
  return out
}

export const openGate: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    p.sun(X(0.5), Y(0.5), 150 * u, t.b) +
    glow(st, X(0.5), Y(0.5), 520 * u, t.b, 0.5)
  out +=
    p.hills(st.w, Y(0.55), 12 * u, st.h, t.bSoft, 2) +
    p.hills(st.w, Y(0.62), 18 * u, st.h, t.aSoft, 5)
  out += path(
    `M${X(0.47)} ${Y(0.58)}L${X(0.53)} ${Y(0.58)}L${X(0.8)} ${st.h}H${X(0.2)}Z`,
    t.paper,
    'opacity="0.85"',
  )
  out += p.fence(0, X(0.36), Y(0.78), 160 * u, t.a) + p.fence(X(0.64), st.w, Y(0.78), 160 * u, t.a)
  out += p.gate(X(0.5), Y(0.8), 300 * u, t, 0.85)
  out += figure({
    x: X(0.52),
    y: Y(0.7),
    height: 150 * u,
    fill: t.a,
    accent: t.dark,
    pose: 'walk',
    hair: 'bun',
  })
  out += p.grass(0, X(0.3), st.h, 90 * u, t.a, 1) + p.grass(X(0.72), st.w, st.h, 90 * u, t.a, 4)
  return out
}

export const plannerDesk: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.a) +
    hatch({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      gap: 40 * u,
      stroke: t.dark,
      width: 10 * u,
      angle: 90,
      opacity: 0.5,
    })
  out += p.calendar(X(0.34), Y(0.78), 440 * u, t, 16)
  out += p.phone(X(0.66), Y(0.68), 300 * u, t)
  out += p.key(X(0.78), Y(0.86), 140 * u, t.b, 15, t.a)
  out +=
    rect(
      X(0.5),
      Y(0.8),
      170 * u,
      100 * u,
      t.b,
      `rx="${10 * u}" transform="rotate(8 ${X(0.5)} ${Y(0.8)})"`,
    ) +
    circle(
      X(0.5) + 40 * u,
      Y(0.8) + 50 * u,
      22 * u,
      t.paper,
      `transform="rotate(8 ${X(0.5)} ${Y(0.8)})"`,
    )
  out += p.cup(X(0.88), Y(0.42), 140 * u, t)
  return out
}

export const busStopScene: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.paper) +
    wash(st, t.b, 0, 0.7, 0.5, 0.05, 18) +
    p.skylineKC(X(-0.05), Y(0.7), X(1.1), t.bSoft)
  out += rect(0, Y(0.7), st.w, Y(0.3), t.aSoft) + rect(0, Y(0.84), st.w, 8 * u, t.paper)
  out += p.bus(X(0.28), Y(0.82), 190 * u, t)
  out += p.busStop(X(0.62), Y(0.82), 320 * u, t)
  out += figure({
    x: X(0.72),
    y: Y(0.82),
    height: 230 * u,
    fill: t.a,
    accent: t.b,
    pose: 'stand',
    hair: 'bun',
    facing: -1,
  })
  out += figure({
    x: X(0.82),
    y: Y(0.82),
    height: 240 * u,
    fill: t.dark,
    accent: t.aSoft,
    pose: 'stand',
    hair: 'long',
    facing: -1,
  })
  return out
}

export const walkingTogether: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) + p.sun(X(0.75), Y(0.32), 110 * u, t.paper) + wash(st, t.b, 0, 0.6, 0.55, 0.1)
  out +=
    p.hills(st.w, Y(0.58), 14 * u, st.h, t.bSoft, 1) + p.hills(st.w, Y(0.66), 20 * u, st.h, t.b, 3)
  out += path(
    `M${X(0.6)} ${Y(0.62)}C${X(0.5)} ${Y(0.75)} ${X(0.75)} ${Y(0.85)} ${X(0.45)} ${st.h}H${X(0.7)}C${X(0.95)} ${Y(0.85)} ${X(0.6)} ${Y(0.75)} ${X(0.64)} ${Y(0.62)}Z`,
    t.paper,
  )
  out += figure({
    x: X(0.5),
    y: Y(0.9),
    height: 330 * u,
    fill: t.a,
    accent: t.dark,
    pose: 'walk',
    hair: 'long',
  })
  out += figure({
    x: X(0.6),
    y: Y(0.88),
    height: 320 * u,
    fill: t.a,
    accent: t.aSoft,
    pose: 'walk',
    hair: 'wrap',
  })
  out += p.grass(0, X(0.35), st.h, 130 * u, t.a, 3) + p.grass(X(0.8), st.w, st.h, 130 * u, t.a, 6)
  return out
}

export const courthouseDawn: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) + p.sun(X(0.5), Y(0.55), 260 * u, t.b) + wash(st, t.b, 0, 0.6, 0.6, 0, 16)
  out += p.courthouse(X(0.5), Y(0.92), Math.min(X(0.7), 760 * u), t, { stone: t.aPale, steps: 8 })
  out += rect(0, Y(0.92), st.w, Y(0.08), t.a)
  out += figure({
    x: X(0.44),
    y: Y(0.9) - 20 * u,
    height: 200 * u,
    fill: t.a,
    accent: t.dark,
    pose: 'walk',
    hair: 'wrap',
  })
  out += figure({
    x: X(0.53),
    y: Y(0.92) - 5 * u,
    height: 150 * u,
    fill: t.a,
    accent: t.b,
    pose: 'walk',
    hair: 'short',
  })
  return out
}

export const holdingHands: Scene = (st) => {
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
      density: ramp.radial(0.5, 0.45, 0.8, 0, 0.6),
    })
  out += circle(X(0.5), Y(0.46), 330 * u, t.bPale) + rect(0, Y(0.86), st.w, Y(0.14), t.a)
  // a mother walks her son home: hand in hand
  out += figure({
    x: X(0.42),
    y: Y(0.88),
    height: 560 * u,
    fill: t.a,
    accent: t.dark,
    pose: 'walk',
    hair: 'wrap',
  })
  out += figure({
    x: X(0.6),
    y: Y(0.88),
    height: 430 * u,
    fill: t.a,
    accent: t.paper,
    pose: 'walk',
    hair: 'short',
  })
  out += stroke(
    `M${X(0.42) + 60 * u} ${Y(0.88) - 330 * u}Q${X(0.51)} ${Y(0.88) - 250 * u} ${X(0.6) - 40 * u} ${Y(0.88) - 270 * u}`,
    t.a,
    34 * u,
  )
  out += p.heart(X(0.51), Y(0.16), 60 * u, t.b)
  return out
}

export const kitchenTable: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bPale) +
    p.windowFrame(X(0.5), Y(0.46), X(0.4), Y(0.36), t, tint(t.b, 0.55, t.paper)) +
    p.sun(X(0.58), Y(0.3), 40 * u, t.paper)
  out += rect(0, Y(0.58), st.w, Y(0.42), t.a) + wash(st, t.dark, 0.58, 1, 0.1, 0.6)
  out += p.envelope(X(0.28), Y(0.86), 160 * u, t, -8) + p.envelope(X(0.36), Y(0.8), 140 * u, t, 6)
  out += `<g transform="rotate(-3 ${X(0.6)} ${Y(0.8)})">${rect(X(0.5), Y(0.66), X(0.22), Y(0.22), t.paper)}${hatch({ x: X(0.5), y: Y(0.66), w: X(0.22), h: Y(0.22), gap: 22 * u, stroke: t.aSoft, width: 2 * u, angle: 0, clip: `<rect x="${X(0.5)}" y="${Y(0.7)}" width="${X(0.22)}" height="${Y(0.18)}"/>` })}${rect(X(0.5), Y(0.66), X(0.22), 14 * u, t.b)}</g>`
  out += p.cup(X(0.84), Y(0.82), 140 * u, t) + p.pen(X(0.7), Y(0.95), 200 * u, t, -80)
  return out
}

export const rally: Scene = (st) => {
  const { t, X, Y, u } = st
  const out =
    fill(st, t.paper) +
    wash(st, t.b, 0, 0.7, 0.6, 0.1) +
    p.courthouse(X(0.5), Y(0.72), X(0.6), t, { stone: t.bSoft, steps: 4 })
  const n = st.w > st.h ? 9 : 6
  let signs = ''
  let crowd = ''
  for (let i = 0; i < n; i++) {
    const x = X((i + 0.5) / n) + st.rng.range(-20, 20) * u
    const hgt = st.rng.range(300, 380) * u
    const hair = (['round', 'wrap', 'bun', 'short', 'long'] as const)[i % 5]
    crowd += figure({
      x,
      y: st.h + 40 * u,
      height: hgt,
      fill: i % 2 ? t.a : t.dark,
      accent: i % 3 ? t.a : t.b,
      pose: i % 3 === 1 ? 'reach' : 'stand',
      hair,
    })
    if (i % 2 === 0) {
      const sy = st.h + 40 * u - hgt - 60 * u
      signs +=
        line(x + 20 * u, sy + 60 * u, x + 20 * u, sy + 190 * u, t.a, 8 * u) +
        rect(x - 60 * u, sy - 40 * u, 160 * u, 110 * u, i % 4 ? t.paper : t.b) +
        p.heart(x + 20 * u, sy + 10 * u, 50 * u, i % 4 ? t.b : t.paper)
    }
  }
  return out + signs + crowd
}

export const birthRoom: Scene = (st) => {
  const { t, X, Y, u } = st
  let out = fill(st, t.bPale) + rect(0, Y(0.72), st.w, Y(0.28), t.bSoft)
  out +=
    p.windowFrame(X(0.66), Y(0.6), X(0.3), Y(0.44), t, tint(t.b, 0.35, t.paper)) +
    glow(st, X(0.66), Y(0.38), 320 * u, t.paper, 0.7)
  out += p.sun(X(0.7), Y(0.3), 44 * u, t.b)
  out +=
    rect(X(0.515), Y(0.1), X(0.04), Y(0.56), t.b, 'opacity="0.9"') +
    rect(X(0.765), Y(0.1), X(0.04), Y(0.56), t.b, 'opacity="0.9"')
  out += p.bed(X(0.32), Y(0.86), X(0.5), t)
  out += p.plant(X(0.9), Y(0.9), 280 * u, t)
  out += p.mobile(X(0.26), 0, 260 * u, t)
  out += halftone({
    x: 0,
    y: Y(0.72),
    w: st.w,
    h: Y(0.28),
    step: 14 * u,
    fill: t.a,
    density: ramp.down(0, 0.4),
  })
  return out
}

export const expecting: Scene = (st) => {
  const { t, X, Y, u } = st
  const k = 1000 * u
  let out =
    fill(st, t.bPale) +
    circle(X(0.5), Y(0.42), 360 * u, t.bSoft) +
    glow(st, X(0.5), Y(0.42), 420 * u, t.b, 0.5)
  // a standing profile: the expecting mother, and the doula's hands
  const x = X(0.46)
  const y = Y(0.08)
  out += path(
    `M${x} ${y + 0.1 * k}C${x + 0.1 * k} ${y + 0.08 * k} ${x + 0.14 * k} ${y + 0.16 * k} ${x + 0.13 * k} ${y + 0.22 * k}L${x + 0.15 * k} ${y + 0.26 * k}L${x + 0.12 * k} ${y + 0.28 * k}C${x + 0.12 * k} ${y + 0.32 * k} ${x + 0.1 * k} ${y + 0.34 * k} ${x + 0.06 * k} ${y + 0.34 * k}L${x + 0.06 * k} ${y + 0.4 * k}C${x + 0.14 * k} ${y + 0.44 * k} ${x + 0.12 * k} ${y + 0.5 * k} ${x + 0.12 * k} ${y + 0.54 * k}C${x + 0.3 * k} ${y + 0.6 * k} ${x + 0.3 * k} ${y + 0.82 * k} ${x + 0.12 * k} ${y + 0.86 * k}L${x + 0.14 * k} ${st.h}H${x - 0.2 * k}L${x - 0.16 * k} ${y + 0.6 * k}C${x - 0.18 * k} ${y + 0.48 * k} ${x - 0.12 * k} ${y + 0.4 * k} ${x - 0.04 * k} ${y + 0.38 * k}C${x - 0.1 * k} ${y + 0.3 * k} ${x - 0.12 * k} ${y + 0.14 * k} ${x} ${y + 0.1 * k}Z`,
    t.a,
  )
  out += path(
    `M${x - 0.02 * k} ${y + 0.09 * k}C${x - 0.16 * k} ${y + 0.02 * k} ${x - 0.24 * k} ${y + 0.2 * k} ${x - 0.12 * k} ${y + 0.3 * k}C${x - 0.1 * k} ${y + 0.2 * k} ${x - 0.02 * k} ${y + 0.16 * k} ${x + 0.06 * k} ${y + 0.14 * k}Z`,
    t.dark,
  )
  out += circle(x - 0.14 * k, y + 0.1 * k, 0.06 * k, t.dark)
  out += path(
    `M${x - 0.02 * k} ${y + 0.5 * k}C${x + 0.1 * k} ${y + 0.56 * k} ${x + 0.2 * k} ${y + 0.64 * k} ${x + 0.18 * k} ${y + 0.7 * k}L${x + 0.14 * k} ${y + 0.72 * k}C${x + 0.12 * k} ${y + 0.64 * k} ${x + 0.04 * k} ${y + 0.6 * k} ${x - 0.04 * k} ${y + 0.58 * k}Z`,
    t.dark,
  )
  out += p.openHand(x + 0.4 * k, y + 0.68 * k, 0.12 * k, t.b, t.dark, t.dark, -1)
  out += p.heart(x + 0.18 * k, y + 0.44 * k, 0.05 * k, t.paper)
  return out
}

export const flowersDoor: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.bSoft) +
    rect(X(0.3), Y(0.04), X(0.4), Y(0.8), t.a) +
    rect(X(0.34), Y(0.08), X(0.32), Y(0.76), t.dark)
  out += hatch({
    x: X(0.34),
    y: Y(0.08),
    w: X(0.32),
    h: Y(0.76),
    gap: 60 * u,
    stroke: t.a,
    width: 8 * u,
    angle: 90,
    clip: `<rect x="${X(0.34)}" y="${Y(0.08)}" width="${X(0.32)}" height="${Y(0.76)}"/>`,
  })
  out += circle(X(0.62), Y(0.48), 12 * u, t.b) + rect(0, Y(0.84), st.w, Y(0.16), t.aSoft)
  out +=
    p.flowers(X(0.5), Y(0.9), 360 * u, t) +
    p.heart(X(0.2), Y(0.3), 70 * u, t.b) +
    p.envelope(X(0.78), Y(0.92), 110 * u, t, 10)
  return out
}

export const bassinetScene: Scene = (st) => {
  const { t, X, Y, u } = st
  let out =
    fill(st, t.paper) +
    circle(X(0.5), Y(0.45), 340 * u, t.bPale) +
    halftone({
      x: 0,
      y: 0,
      w: st.w,
      h: st.h,
      step: 15 * u,
      fill: t.b,
      density: ramp.radial(0.5, 0.45, 0.7, 0, 0.5),
    })
  out += p.mobile(X(0.5), 0, 380 * u, t)
  out += rect(0, Y(0.86), st.w, Y(0.14), t.aSoft)
  out += p.bassinet(X(0.5), Y(0.88), 440 * u, t)
  return out
}
