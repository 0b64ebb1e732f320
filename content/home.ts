import type { HomeContent } from './schema.ts'

export const home = {
  hero: {
    eyebrow: 'Listen, Learn, Lead',
    heading: 'Stories of community change, told by the people leading it',
    body: 'A daily news podcast, documentary courses and hands-on consulting from a nonprofit in Kansas City, Missouri.',
    cta: 'Get Access',
  },

  mission: {
    eyebrow: 'Our mission',
    heading: 'Change starts with a story someone takes the time to hear',
    body: [
      'DocuCommons shares the stories of people rebuilding their communities: artists, mothers, advocates and neighbors who saw a problem up close and stayed to work on it.',
      'We listen first, report with care and turn what we learn into films, courses and conversations that others can carry home.',
    ],
    image: {
      image: 'home/mission',
      alt: 'A neighborhood map pinned to a wall, marked with notes and string by a group planning together',
    },
  },

  inspiration: {
    eyebrow: 'What guides us',
    heading: 'Three habits that move a community forward',
    pillars: [
      {
        key: 'listen',
        title: 'Listen',
        body: 'Sit with the people closest to the problem. Our reporting starts with their words, in their own time.',
      },
      {
        key: 'learn',
        title: 'Learn',
        body: 'Turn what you hear into knowledge you can use, through documentaries, courses and The Daily Commons.',
      },
      {
        key: 'lead',
        title: 'Lead',
        body: 'Take it home. Organize, build and teach alongside the neighbors who started the work.',
      },
    ],
  },

  awards: {
    heading: 'Recognized by festivals, juries and peers',
  },

  changemakers: {
    eyebrow: 'Changemakers',
    heading: 'Meet the people doing the work',
    intro:
      'Four people from our series whose work is changing how their cities care for families, survivors and neighbors coming home.',
    cards: [
      {
        id: 'keisha-abernathy',
        name: 'Keisha Abernathy',
        title: 'Maternal care',
        description:
          'A doula in Kansas City, Missouri, who supports mothers through pregnancy after release and organizes Mother’s Day bail-outs.',
        image: {
          image: 'people/keisha-abernathy',
          alt: 'Illustrated portrait of Keisha Abernathy, doula and maternal-health advocate',
        },
        article: 'keisha-abernathy',
      },
      {
        id: 'terrence-hollis',
        name: 'Terrence Hollis',
        title: 'Post-incarceration',
        description:
          'After serving 17 years, he founded Second Porch, a reentry housing nonprofit in Kansas City, Missouri.',
        image: {
          image: 'people/terrence-hollis',
          alt: 'Illustrated portrait of Terrence Hollis, founder of Second Porch',
        },
        article: 'terrence-hollis',
      },
      {
        id: 'marisol-vega',
        name: 'Marisol Vega',
        title: 'Art and advocacy',
        description:
          'A muralist in Kansas City, Kansas, who paints neighborhood walls with the young people who live beside them.',
        image: {
          image: 'people/marisol-vega',
          alt: 'Illustrated portrait of Marisol Vega, muralist',
        },
        article: 'marisol-vega',
      },
      {
        id: 'lorraine-mitchell',
        name: 'Lorraine Mitchell',
        title: 'Domestic violence and bail',
        description:
          'After her son spent 41 days in jail on a bail she could not pay, she founded Mothers’ Bond Fund in Memphis.',
        image: {
          image: 'people/lorraine-mitchell',
          alt: 'Illustrated portrait of Lorraine Mitchell, founder of Mothers’ Bond Fund',
        },
        article: 'lorraine-mitchell',
      },
    ],
  },

  documentaries: {
    eyebrow: 'Documentaries',
    heading: 'Films that stay with the story',
    intro:
      'Four short documentaries, each at the heart of a course. Watch a clip here, then go deeper with the full film.',
    blocks: [
      {
        id: 'the-long-way-home',
        title: 'The Long Way Home',
        subtitle: 'Coming home after prison, one porch at a time',
        description: [
          'Terrence Hollis left prison after 17 years with a bus ticket and a phone number. Today he runs Second Porch, where people coming home find a room, a key and a house meeting every Sunday.',
          'The film follows three residents through their first year back: the job interviews, the parole check-ins and the small steps that add up to a life.',
        ],
        video: 'documentaries/the-long-way-home/clip',
        poster: 'documentaries/the-long-way-home/poster',
        images: [
          {
            image: 'documentaries/the-long-way-home/still-1',
            alt: 'Terrence Hollis stands on a lamp-lit porch at dusk',
          },
          {
            image: 'documentaries/the-long-way-home/still-2',
            alt: 'Residents share a Sunday house meeting around a long kitchen table',
          },
          {
            image: 'documentaries/the-long-way-home/still-3',
            alt: 'House keys on a row of hooks by the front door',
          },
          {
            image: 'documentaries/the-long-way-home/still-4',
            alt: 'A resident reads a job posting while waiting at a bus stop',
          },
          {
            image: 'documentaries/the-long-way-home/still-5',
            alt: 'Two men carry a mattress up the front steps of a house',
          },
          {
            image: 'documentaries/the-long-way-home/still-6',
            alt: 'A row of front porches on a quiet Kansas City street',
          },
        ],
        videoLeft: true,
      },
      {
        id: 'mothers-of-the-bond',
        title: 'Mothers of the Bond',
        subtitle: 'The women who pay bail so families can stay whole',
        description: [
          'When Lorraine Mitchell’s son spent 41 days in jail because she could not pay his bail, she learned how many families face the same wait. She started Mothers’ Bond Fund to pay it for them.',
          'The film follows the fund’s volunteers from courthouse hallways to Mother’s Day bail-outs, and the survivors of domestic violence they help bring home.',
        ],
        video: 'documentaries/mothers-of-the-bond/clip',
        poster: 'documentaries/mothers-of-the-bond/poster',
        images: [
          {
            image: 'documentaries/mothers-of-the-bond/still-1',
            alt: 'Lorraine Mitchell waits on a courthouse bench with a folder of paperwork',
          },
          {
            image: 'documentaries/mothers-of-the-bond/still-2',
            alt: 'Courthouse steps in the early morning light',
          },
          {
            image: 'documentaries/mothers-of-the-bond/still-3',
            alt: 'Volunteers sort donation envelopes at a fellowship hall table',
          },
          {
            image: 'documentaries/mothers-of-the-bond/still-4',
            alt: 'A mother and her grown son embrace outside the county jail',
          },
          {
            image: 'documentaries/mothers-of-the-bond/still-5',
            alt: 'A handwritten ledger of bail payments, each line a name and a date',
          },
          {
            image: 'documentaries/mothers-of-the-bond/still-6',
            alt: 'Women walk together down a Memphis sidewalk at sunset',
          },
        ],
        videoLeft: false,
      },
      {
        id: 'walls-that-speak',
        title: 'Walls That Speak',
        subtitle: 'Young muralists paint their neighborhood’s story',
        description: [
          'Each summer Marisol Vega hands a wall in Kansas City, Kansas, to a crew of teenagers and asks one question: what should this block remember?',
          'Over eight weeks they interview elders, sketch, argue and paint. The film shows how a shared wall becomes a shared voice.',
        ],
        video: 'documentaries/walls-that-speak/clip',
        poster: 'documentaries/walls-that-speak/poster',
        images: [
          {
            image: 'documentaries/walls-that-speak/still-1',
            alt: 'Marisol Vega sketches a mural outline in chalk on a brick wall',
          },
          {
            image: 'documentaries/walls-that-speak/still-2',
            alt: 'Paint cans and brushes lined up along a scaffold plank',
          },
          {
            image: 'documentaries/walls-that-speak/still-3',
            alt: 'A teenager interviews an elder on her front steps',
          },
          {
            image: 'documentaries/walls-that-speak/still-4',
            alt: 'A young painter on a scaffold fills in a large sunflower',
          },
          {
            image: 'documentaries/walls-that-speak/still-5',
            alt: 'The crew reviews their sketches at a folding table',
          },
          {
            image: 'documentaries/walls-that-speak/still-6',
            alt: 'Neighbors gather in front of the finished mural at dusk',
          },
        ],
        videoLeft: true,
      },
      {
        id: 'first-breath',
        title: 'First Breath',
        subtitle: 'Doulas who stay with mothers from pregnancy to home',
        description: [
          'Black mothers in the United States face far higher risks in pregnancy and childbirth. Keisha Abernathy and a circle of community doulas in Kansas City are working to change that, one birth at a time.',
          'The film follows two mothers, one recently home from prison, through prenatal visits, a long labor and the quiet weeks after.',
        ],
        video: 'documentaries/first-breath/clip',
        poster: 'documentaries/first-breath/poster',
        images: [
          {
            image: 'documentaries/first-breath/still-1',
            alt: 'Keisha Abernathy listens to an expecting mother in a sunlit living room',
          },
          {
            image: 'documentaries/first-breath/still-2',
            alt: 'A doula’s bag packed with a blanket, a water bottle and a birth plan',
          },
          {
            image: 'documentaries/first-breath/still-3',
            alt: 'Two women practice breathing together on a floor mat',
          },
          {
            image: 'documentaries/first-breath/still-4',
            alt: 'A mother in labor stands by a birthing-room window, her doula beside her',
          },
          {
            image: 'documentaries/first-breath/still-5',
            alt: 'A newborn’s hand curled around an adult’s finger',
          },
          {
            image: 'documentaries/first-breath/still-6',
            alt: 'A circle of doulas shares notes at their weekly meeting',
          },
        ],
        videoLeft: false,
      },
    ],
  },

  categories: {
    eyebrow: 'Explore',
    heading: 'Browse stories by theme',
    cards: [
      {
        title: 'Art',
        link: '/art',
        blurb: 'Murals, poems and quilts that carry a community’s memory and its hopes.',
        image: {
          image: 'categories/art',
          alt: 'A paintbrush and a half-finished mural on a brick wall',
        },
      },
      {
        title: 'Justice',
        link: '/justice',
        blurb: 'Reentry, bail reform and the people rebuilding lives after incarceration.',
        image: {
          image: 'categories/justice',
          alt: 'A courthouse stair at dawn',
        },
      },
      {
        title: 'Family',
        link: '/family',
        blurb: 'Mothers, children and kin who hold each other up through hard seasons.',
        image: {
          image: 'categories/family',
          alt: 'A family gathered on a front porch under a lamp',
        },
      },
      {
        title: 'Health',
        link: '/health',
        blurb: 'Maternal care, doulas and the community work that keeps families well.',
        image: {
          image: 'categories/health',
          alt: 'A doula’s hands resting on an expecting mother’s hands',
        },
      },
    ],
  },

  testimonials: {
    eyebrow: 'In their words',
    heading: 'What community leaders tell us',
    items: [
      {
        quote:
          'We showed First Breath to our community health workers before a training day. The conversation afterward was the most honest we have had about how our clinics treat mothers coming home from jail. Two weeks later we rewrote our intake form. That is the kind of change I look for.',
        image: {
          image: 'testimonials/evelyn-harper',
          alt: 'Portrait of Dr. Evelyn Harper',
        },
        name: 'Dr. Evelyn Harper',
        title: 'Executive Director',
        organization: 'Cedar Street Family Health Alliance',
      },
      {
        quote:
          'Most of my staff came home from prison themselves, so training videos rarely hold the room. The Long Way Home did, because it never flattened anyone into a lesson. We used the course guide to rebuild our first-week checklist for new residents, and move-in days are calmer for it.',
        image: {
          image: 'testimonials/marcus-oyelaran',
          alt: 'Portrait of Marcus Oyelaran',
        },
        name: 'Marcus Oyelaran',
        title: 'Founder and Director',
        organization: 'Riverbend Reentry Works',
      },
      {
        quote:
          'Our teen artists asked for a consultation before starting their own mural. The DocuCommons team helped them plan interviews with elders and think through who gets to tell a neighborhood’s story. They listened more than they talked. The finished wall carries three languages, and nobody’s words got lost.',
        image: {
          image: 'testimonials/hana-whitecloud',
          alt: 'Portrait of Hana Whitecloud',
        },
        name: 'Hana Whitecloud',
        title: 'Program Director',
        organization: 'Seven Rivers Youth Arts Council',
      },
    ],
  },

  getInTouch: {
    heading: 'Bring a story to your community',
    body: 'Ask us about consulting, courses for your team or a film made with your organization. We read every message.',
    cta: 'Get in touch',
  },
} satisfies HomeContent
