/**
 * Every raster picture the site uses: its media id, master size, responsive widths, inks and scene.
 * Ids and sizes follow the media contract; content modules refer to pictures by these ids.
 */
import { inks, type Inks } from '#scripts/media/lib/palette.ts'
import * as A from '#scripts/media/art/scenes/articles.ts'
import * as D from '#scripts/media/art/scenes/documentaries.ts'
import { people, portrait } from '#scripts/media/art/scenes/portraits.ts'
import * as S from '#scripts/media/art/scenes/site.ts'
import type { Scene } from '#scripts/media/art/stage.ts'

export type ImageJob = {
  id: string
  width: number
  height: number
  widths: number[]
  inks: Inks
  scene: Scene
}

export const articleSlugs = [
  'marisol-vega',
  'dante-whitfield',
  'amara-nwosu',
  'terrence-hollis',
  'yolanda-reyes',
  'lorraine-mitchell',
  'keisha-abernathy',
] as const
export const documentaryIds = [
  'the-long-way-home',
  'mothers-of-the-bond',
  'walls-that-speak',
  'first-breath',
] as const

/** Each article's world: cover first, then photo-1..3. */
const articleScenes: Record<(typeof articleSlugs)[number], [Scene, Scene, Scene, Scene]> = {
  'marisol-vega': [A.muralWall, A.paintStill, A.muralCrowd, A.sketchbook],
  'dante-whitfield': [A.poetDesk, A.writingCircle, A.stageMic, A.windowLight],
  'amara-nwosu': [A.quiltWall, A.needleThread, A.photoLineScene, A.quiltCircle],
  'terrence-hollis': [A.porchLamp, A.keysHandover, A.porchStreet, A.porchSteps],
  'yolanda-reyes': [A.openGate, A.plannerDesk, A.busStopScene, A.walkingTogether],
  'lorraine-mitchell': [A.courthouseDawn, A.holdingHands, A.kitchenTable, A.rally],
  'keisha-abernathy': [A.birthRoom, A.expecting, A.flowersDoor, A.bassinetScene],
}

/** Documentary poster, then still-1..6 (1 and 4 are portrait 4:5, the rest square). */
const documentaryScenes: Record<
  (typeof documentaryIds)[number],
  { inks: Inks; poster: Scene; stills: Scene[] }
> = {
  'the-long-way-home': {
    inks: inks('ink', 'gold'),
    poster: D.roadHome,
    stills: [
      A.openGate,
      A.keysHandover,
      A.busStopScene,
      A.porchLamp,
      A.porchSteps,
      D.suitcaseStill,
    ],
  },
  'mothers-of-the-bond': {
    inks: inks('plum', 'clay'),
    poster: D.mothersLinked,
    stills: [
      A.holdingHands,
      A.plannerDesk,
      A.kitchenTable,
      A.courthouseDawn,
      A.rally,
      A.flowersDoor,
    ],
  },
  'walls-that-speak': {
    inks: inks('ink', 'clay'),
    poster: D.youthMural,
    stills: [A.muralCrowd, A.paintStill, D.sprayStill, A.muralWall, A.sketchbook, D.handprintWall],
  },
  'first-breath': {
    inks: inks('teal', 'clay'),
    poster: D.firstLight,
    stills: [
      A.expecting,
      A.bassinetScene,
      D.nurseryChair,
      A.birthRoom,
      D.heartbeatStill,
      D.windowMorning,
    ],
  },
}

const courseInks: Inks[] = [
  inks('ink', 'clay'),
  inks('teal', 'gold'),
  inks('plum', 'gold'),
  inks('ink', 'sky'),
  inks('teal', 'clay'),
  inks('plum', 'clay'),
]

export function imageJobs(): ImageJob[] {
  const jobs: ImageJob[] = []
  for (const slug of articleSlugs) {
    const person = people[slug]!
    jobs.push({
      id: `people/${slug}`,
      width: 1000,
      height: 1250,
      widths: [320, 480, 640, 800, 1000],
      inks: person.inks,
      scene: portrait(slug),
    })
    const [cover, ...photos] = articleScenes[slug]
    jobs.push({
      id: `articles/${slug}/cover`,
      width: 1800,
      height: 1200,
      widths: [480, 960, 1440],
      inks: person.inks,
      scene: cover,
    })
    photos.forEach((scene, i) =>
      jobs.push({
        id: `articles/${slug}/photo-${i + 1}`,
        width: 1500,
        height: 1000,
        widths: [480, 960],
        inks: person.inks,
        scene,
      }),
    )
  }
  for (const doc of documentaryIds) {
    const d = documentaryScenes[doc]
    jobs.push({
      id: `documentaries/${doc}/poster`,
      width: 1600,
      height: 900,
      widths: [480, 960, 1600],
      inks: d.inks,
      scene: d.poster,
    })
    d.stills.forEach((scene, i) => {
      const tall = i === 0 || i === 3
      jobs.push({
        id: `documentaries/${doc}/still-${i + 1}`,
        width: 800,
        height: tall ? 1000 : 800,
        widths: [240, 480, 800],
        inks: d.inks,
        scene,
      })
    })
  }
  const categories: [string, Inks, Scene][] = [
    ['art', inks('teal', 'clay'), S.categoryArt],
    ['justice', inks('ink', 'gold'), S.categoryJustice],
    ['family', inks('plum', 'gold'), S.categoryFamily],
    ['health', inks('teal', 'sky'), S.categoryHealth],
  ]
  for (const [key, c, scene] of categories)
    jobs.push({
      id: `categories/${key}`,
      width: 900,
      height: 1200,
      widths: [360, 720, 900],
      inks: c,
      scene,
    })
  for (const slug of ['evelyn-harper', 'marcus-oyelaran', 'hana-whitecloud'])
    jobs.push({
      id: `testimonials/${slug}`,
      width: 600,
      height: 600,
      widths: [160, 320, 600],
      inks: people[slug]!.inks,
      scene: portrait(slug),
    })
  Object.entries(S.courses).forEach(([course, scene], i) =>
    jobs.push({
      id: `courses/${course}`,
      width: 1200,
      height: 750,
      widths: [400, 800, 1200],
      inks: courseInks[i % courseInks.length]!,
      scene,
    }),
  )
  const about: [string, Inks, Scene][] = [
    ['listen', inks('teal', 'gold'), S.aboutListen],
    ['learn', inks('plum', 'clay'), S.aboutLearn],
    ['lead', inks('ink', 'clay'), S.aboutLead],
    ['gain-insight', inks('ink', 'gold'), S.aboutInsight],
  ]
  for (const [key, c, scene] of about)
    jobs.push({
      id: `about/${key}`,
      width: 1400,
      height: 1050,
      widths: [480, 960, 1400],
      inks: c,
      scene,
    })
  jobs.push({
    id: 'home/mission',
    width: 1600,
    height: 1067,
    widths: [480, 960, 1600],
    inks: inks('ink', 'clay'),
    scene: S.neighbourhoodMap,
  })
  return jobs
}
