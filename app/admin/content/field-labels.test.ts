import { describe, expect, it } from 'vitest'
import { fieldLabel } from './field-labels.ts'

describe('field names as staff read them', () => {
  it.each([
    ['testimonials.items.1.quote', 'Testimonials › Testimonial 2 › Quote'],
    ['mission.body.0', 'Mission › Paragraph 1'],
    ['documentaries.blocks.2.images.3.alt', 'Documentaries › Film 3 › Still 4 › Alt text'],
    ['services.1.title', 'Services › Service 2 › Title'],
    ['order.0', 'Order of the articles › Article 1'],
    ['hero.cta', 'Top of the page › Button text'],
    ['social.LinkedIn', 'Social links › LinkedIn'],
    ['partners.heartland-story-fund', 'Partners › Heartland Story Fund'],
    ['formIntro', 'Form introduction'],
    ['someNewField', 'Some new field'],
  ])('%s → %s', (path, label) => expect(fieldLabel(path)).toBe(label))
})
