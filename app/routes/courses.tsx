import type { Route } from './+types/courses'
import { CourseCatalogue } from '~/courses/course-catalogue'
import { catalogueCopy } from '~/courses/catalogue-copy'
import { PageBanner } from '~/components/ui/page-banner'
import { ogImage } from '~/lib/content.server'
import { breadcrumbs, seo } from '~/lib/seo.server'

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
      <CourseCatalogue />
    </>
  )
}
