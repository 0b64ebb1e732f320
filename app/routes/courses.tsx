import type { Route } from './+types/courses'
import { CourseCatalogue } from '#app/courses/course-catalogue.tsx'
import { catalogueCopy } from '#app/courses/catalogue-copy.ts'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { contentSnapshot } from '#app/lib/content.server.ts'
import { coursesView } from '#app/lib/page-views.server.ts'

export async function loader() {
  return coursesView(contentSnapshot())
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

/** The course catalogue: prerendered around the list, which loads in the browser on arrival. */
export default function Courses() {
  return (
    <>
      <PageBanner title={catalogueCopy.banner.title} eyebrow={catalogueCopy.banner.eyebrow} />
      <CourseCatalogue />
    </>
  )
}
