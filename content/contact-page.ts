import type { ContactPageContent } from './schema.ts'

export const contactPage = {
  banner: 'Contact us',
  heading: 'Let’s work on your story together',
  intro: [
    'Tell us about your organization, your community and what you hope to change. We work with nonprofits, public agencies, schools and businesses of every size.',
    'A member of our team reads every message and will reply by email.',
  ],
  servicesHeading: 'What we offer',
  services: [
    {
      title: 'One-to-one consulting sessions',
      description:
        'Focused time with a consultant to think through a project, a program or a hard question.',
    },
    {
      title: 'Community project consultation',
      description:
        'Planning help for community efforts, from listening sessions and partnerships to a realistic timeline.',
    },
    {
      title: 'Film and storytelling production',
      description:
        'Documentary films, audio pieces and written profiles made with the people at the center of the story.',
    },
    {
      title: 'Continuing-education courses for teams',
      description:
        'Documentary-style courses your staff can take together, with guides for the discussion afterward.',
    },
    {
      title: 'Podcast partnerships',
      description:
        'Interviews and co-produced episodes that bring your organization’s work to listeners of The Daily Commons.',
    },
  ],
  formHeading: 'Send us a message',
  formIntro:
    'Your name and email are all we need. A website and a few lines about your project help us reply well.',
} satisfies ContactPageContent
