// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ContentProblemAnswer } from '#common/content-admin.ts'
import { ARTICLE_FIELD_LABELS } from './article-fields.tsx'
import { fieldsOf, PublishNeeds } from './publish-needs.tsx'

afterEach(cleanup)

const problems: ContentProblemAnswer[] = [
  { source: 'article a', field: 'summary', message: 'must not be empty' },
  { source: 'article a', field: 'cover.image', message: 'must be a media id such as "people/a"' },
  { source: 'article a', field: 'summary', message: 'must not be empty' },
  { source: 'article a', field: 'body', line: 12, column: 3, message: 'a photo needs a caption' },
  { source: 'page/home', field: 'changemakers.cards.1.article', message: 'is not an article' },
]

describe('what publishing still needs', () => {
  it('is listed once per problem, by the field the form shows, in words a writer acts on', () => {
    render(<PublishNeeds problems={problems} source="article a" labels={ARTICLE_FIELD_LABELS} />)
    const list = screen.getByRole('region', { name: 'Before it can be published' })
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Summary: Must not be empty.',
      'Cover picture: Choose a picture.',
      'Text, line 12: A photo needs a caption.',
      'page/home › Changemakers › Changemaker 2 › Profile article (its address): Is not an article.',
    ])
  })

  it('gives each field its first message, the text left to the editor', () => {
    expect(fieldsOf(problems)).toEqual({
      summary: 'Must not be empty.',
      'cover.image': 'Choose a picture.',
      'changemakers.cards.1.article': 'Is not an article.',
    })
  })

  it('shows nothing when nothing is missing', () => {
    const { container } = render(<PublishNeeds problems={[]} />)
    expect(container.textContent).toBe('')
  })
})
