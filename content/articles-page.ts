import type { ArticlesPageContent } from './schema.ts'

export const articlesPage = {
  banner: 'Articles',
  intro:
    'Interview articles with people changing their communities, grouped as Art & Advocates, Returning & Redemption and Bails & Bonds.',
  series: [
    {
      id: 'art-advocacy',
      title1: 'Art &',
      title2: 'Advocacy',
      subtitle: 'Artists who turn murals, poems and quilts into conversation',
    },
    {
      id: 'returning-redemption',
      title1: 'Returning &',
      title2: 'Redemption',
      subtitle: 'Justice advocates building the help they once needed',
    },
    {
      id: 'bails-bonds',
      title1: 'Bails &',
      title2: 'Bonds',
      subtitle: 'Black mother advocates who pay bail and bring families home',
    },
  ],
} satisfies ArticlesPageContent
