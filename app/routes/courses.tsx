import type { Route } from './+types/courses'
import { Island } from '#app/islands/island.tsx'
import { catalogueCopy } from '#app/courses/catalogue-copy.ts'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { ogImage } from '#app/lib/content.server.ts'
import { breadcrumbs, seo } from '#app/lib/seo.server.ts'

export async function loader() {
  return {
    meta: seo({
      title: 'Courses',
      description: 'Continuing education for Louisiana property and casualty producers.',
      path: '/courses',
      image: ogImage('courses'),
      jsonLd: [
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'Courses', path: '/courses' },
        ]),
      ],
    }),
  }
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

/** The course catalogue: prerendered around the list, which loads in the browser on arrival. */
export default function Courses() {
  return (
    <>
      <PageBanner title={catalogueCopy.banner.title} eyebrow={catalogueCopy.banner.eyebrow} />
      <Island name="course-catalogue" props={{}} />
    </>
  )
}
