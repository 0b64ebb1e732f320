/** What a page shows when it cannot: not allowed for this role, not found, or a failure. */
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'
import { ApiError } from '#app/admin/api.ts'
import { buttonClass, PageHeader } from '#app/admin/components/ui.tsx'

export function RouteError() {
  const error = useRouteError()
  const revalidator = useRevalidator()
  const status =
    error instanceof ApiError ? error.status : isRouteErrorResponse(error) ? error.status : 500
  if (status === 403)
    return (
      <>
        <PageHeader
          title="Not available to you"
          lead="Your role does not include this page. If you need it, ask an administrator."
        />
        <Link to="/" className={buttonClass('outline')}>
          Back to the overview
        </Link>
      </>
    )
  if (status === 404)
    return (
      <>
        <PageHeader
          title="Not found"
          lead={
            error instanceof ApiError ? error.message : 'There is no such page in the back office.'
          }
        />
        <Link to="/" className={buttonClass('outline')}>
          Back to the overview
        </Link>
      </>
    )
  return (
    <>
      <PageHeader
        title="Something went wrong"
        lead={error instanceof Error ? error.message : 'The page could not be loaded.'}
      />
      <button
        type="button"
        className={buttonClass('dark')}
        onClick={() => revalidator.revalidate()}
      >
        Try again
      </button>
    </>
  )
}

/** The loader of paths the back office does not have. */
export function notFoundLoader(): never {
  throw new Response('Not found', { status: 404 })
}
