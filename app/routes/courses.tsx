import type { Route } from './+types/courses'
import { Island } from '#app/islands/island.tsx'
import { catalogueCopy } from '#app/courses/catalogue-copy.ts'
import { COURSE_LIST_URL } from '#app/courses/course-service.ts'
import type { EarlyRequestsHandle } from '#app/lib/early-requests.ts'
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
 * The course list starts with the HTML: the boot script, in <head>, sends it as the API client
 * would (JSON content type, its 30 s from then), and the island's first request, made once it has
 * hydrated after `load`, takes it over instead of starting another (app/lib/early-requests.ts).
 */
export const handle: EarlyRequestsHandle = { earlyRequests: [COURSE_LIST_URL] }

/** The course catalogue: prerendered around the list, which loads in the browser. */
export default function Courses() {
  return (
    <>
      <PageBanner title={catalogueCopy.banner.title} eyebrow={catalogueCopy.banner.eyebrow} />
      <Island name="course-catalogue" props={{}} />
    </>
  )
}
