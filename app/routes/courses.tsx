import { preload } from 'react-dom'
import type { Route } from './+types/courses'
import { Island } from '#app/islands/island.tsx'
import { catalogueCopy } from '#app/courses/catalogue-copy.ts'
import { COURSE_LIST_URL } from '#app/courses/course-service.ts'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { coursesView } from '#app/lib/page-views.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return coursesView(snapshotOf(context))
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

/**
 * The course catalogue: prerendered around the list, which loads in the browser. The HTML asks
 * for the list at once (a fetch preload, first in <head>): the island's first request, made once
 * it has hydrated after `load`, finds the answer there instead of starting it then.
 */
export default function Courses() {
  preload(COURSE_LIST_URL, { as: 'fetch', crossOrigin: 'anonymous' })
  return (
    <>
      <PageBanner title={catalogueCopy.banner.title} eyebrow={catalogueCopy.banner.eyebrow} />
      <Island name="course-catalogue" props={{}} />
    </>
  )
}
