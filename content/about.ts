import type { AboutContent } from './schema.ts'

export const about = {
  banner: 'ABOUT',

  intro: {
    eyebrow: 'About DocuCommons',
    heading: 'A learning platform built on listening',
    body: [
      'DocuCommons is a nonprofit multimedia platform about community change. We publish The Daily Commons, a daily news podcast, and documentary-style continuing-education courses grounded in real stories.',
      'We also consult. We offer one-to-one sessions, help community projects plan their next step, and produce films and stories with the organizations we work alongside.',
    ],
    learnMore: 'Learn More',
  },

  gainInsight: {
    heading: 'Gain Insight',
    freeMembership:
      'Free Membership gives you a personal dashboard with The Daily Commons, a sample lesson from each course and a place to save the stories you want to revisit.',
    body: [
      'Sign up with an email address and learn at your own pace. When a full course fits your work, you can buy it from our store.',
    ],
    image: {
      image: 'about/gain-insight',
      alt: 'A listener in headphones takes notes at a kitchen table',
    },
  },

  sections: [
    {
      key: 'listen',
      title: 'Listen',
      heading: 'Hear it from the people who lived it',
      body: [
        'Every story on DocuCommons begins with a long conversation. We record people in their homes, studios and workplaces, and we let them finish their sentences.',
        'The Daily Commons brings one of those voices to you each day, alongside the news that shaped it.',
      ],
      image: {
        image: 'about/listen',
        alt: 'A woman in profile speaks into a microphone beside an open notebook',
      },
    },
    {
      key: 'learn',
      title: 'Learn',
      heading: 'Courses that start with a story',
      body: [
        'Our continuing-education courses pair documentary film with practical lessons, so each idea arrives with a face and a place attached.',
        'Professionals earn the credits they need. Teams come away with a shared language for hard conversations.',
      ],
      image: {
        image: 'about/learn',
        alt: 'Two learners watch a film on a laptop with their notebooks open',
      },
    },
    {
      key: 'lead',
      title: 'Lead',
      heading: 'Carry the work into your community',
      body: [
        'Knowledge matters most when it moves. Our consultants help you plan a project, find partners and tell its story well.',
        'Whether you run a shelter, a congregation or a city office, we meet you where your work already is.',
      ],
      image: {
        image: 'about/lead',
        alt: 'Neighbors gather around a map of their neighborhood pinned to a wall',
      },
    },
  ],

  partners: {
    broughtToYouBy: 'Brought to you by',
    inPartnershipWith: 'In Partnership With',
    body: 'DocuCommons is a project of Heartland Story Fund in Kansas City, Missouri, made with Kaw River Justice Collaborative and Prairie Lantern Films.',
  },

  share: {
    heading: 'Share With Friends',
    body: 'Know someone who should hear these stories? Pass them along.',
  },
} satisfies AboutContent
