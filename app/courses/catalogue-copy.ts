/**
 * The words of the Courses page around the catalogue. The catalogue itself comes from the store
 * through the API; this is the page's own copy.
 */
export const catalogueCopy = {
  banner: { title: 'Courses', eyebrow: 'Continuing Education' },
  product: {
    eyebrow: 'Louisiana P&C producer CE',
    title: 'Continuing education that starts with people, not policy forms',
    paragraphs: [
      'Our documentary-style courses follow the families, shop owners, adjusters and agents who live with the coverage Louisiana producers write: a flooded bayou parish, a roof after a hurricane, a small business learning what its liability policy really says.',
      'Each course is self-paced, works on a phone or a laptop, and ends with a short exam. Packages and bundles gather the credit hours for a two-year renewal, ethics and flood insurance included; single courses fill a gap in a transcript.',
    ],
    highlights: [
      'Self-paced documentary lessons',
      'Ethics and flood hours included in packages',
      'Purchases and certificates through our course store',
    ],
  },
  breadcrumb: ['Continuing Education', 'Insurance CE', 'Louisiana', 'P&C Producer'],
  heading: 'Select a Catalog Offering',
  empty:
    'No courses are available right now. Please check back soon, or browse the full catalog on our store.',
  noscript: 'The catalog loads with JavaScript. You can also browse every course on our store.',
  continueLabel: 'Continue to Full Catalog',
} as const
