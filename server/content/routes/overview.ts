/** The content overview (articles and pages with their state) and what the site serves now. */
import * as contentApi from '#common/content-contracts.ts'
import { ContentOverviewAnswerSchema, LiveAnswerSchema } from '#common/content-admin-answers.ts'
import {
  articleIdOf,
  pageKey,
  publicPagePath,
  PAGE_LABELS,
  PAGE_NAMES,
  type ArticleListItem,
  type ContentOverviewAnswer,
  type LiveAnswer,
  type PageListItem,
} from '#common/content-admin.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import { staffLabels } from '#server/staff/repository.ts'
import { staffRef } from '../answers.ts'
import { EDITORS, type ContentRoutes } from './context.ts'
import { listedState } from './document-routes.ts'

type Listed = Parameters<typeof listedState>[0]

interface ArticlesPage {
  series?: { id: ArticleFrontmatter['series']; title1: string; title2: string }[]
  order?: string[]
}

function articleItem(
  document: Listed,
  fm: Partial<ArticleFrontmatter>,
  context: { order: string[]; labels: Map<string, string>; now: Date },
): ArticleListItem {
  const position = context.order.indexOf(document.slug ?? '')
  return {
    ...listedState(document, context.labels, context.now, '/articles'),
    id: articleIdOf(document.key),
    headline: fm.headline ?? '',
    cardTitle: fm.cardTitle ?? '',
    name: fm.name ?? '',
    series: fm.series ?? 'art-advocacy',
    date: fm.date ?? '',
    portrait: fm.portrait ?? '',
    position: position >= 0 ? position + 1 : null,
  }
}

export function overviewRoutes({ backOffice, repository, db, site }: ContentRoutes) {
  backOffice.route(EDITORS, contentApi.contentOverview, {
    response: ContentOverviewAnswerSchema,
    async handler({ now }) {
      const documents = await repository.listDocuments()
      const data = await repository.latestData()
      const labels = await staffLabels(
        db,
        documents.map((document) => document.updatedBy),
      )
      const articlesPage = (data.get(pageKey('articles')) ?? {}) as ArticlesPage
      const order = articlesPage.order ?? []
      const articles = documents
        .filter((document) => document.kind === 'article')
        .map((document) =>
          articleItem(document, (data.get(document.key) ?? {}) as Partial<ArticleFrontmatter>, {
            order,
            labels,
            now,
          }),
        )
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
      const pages: PageListItem[] = PAGE_NAMES.flatMap((name) => {
        const document = documents.find((d) => d.key === pageKey(name))
        if (!document) return []
        return [
          {
            name,
            key: document.key,
            label: PAGE_LABELS[name],
            hasDraft: document.hasDraft,
            version: document.version,
            updatedAt: document.updatedAt,
            updatedBy: staffRef(labels, document.updatedBy),
            url: publicPagePath(name, data.get(document.key)),
          },
        ]
      })
      return {
        contentVersion: await repository.contentVersion(),
        articles,
        pages,
        series: (articlesPage.series ?? []).map((s) => ({
          id: s.id,
          title: `${s.title1} ${s.title2}`,
        })),
      } satisfies ContentOverviewAnswer
    },
  })

  backOffice.route(EDITORS, contentApi.liveState, {
    response: LiveAnswerSchema,
    async handler() {
      if (site) return site.status()
      return {
        contentVersion: await repository.contentVersion(),
        servedVersion: 0,
        renderedAt: null,
        lastFailure: null,
      } satisfies LiveAnswer
    },
  })
}
