/** The signed-in person and their menu, as the protected layout's loader read them. */
import { redirect, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router'
import type { SessionAnswer } from '#common/back-office.ts'
import { isSitePath } from '#common/site-path.ts'
import * as staffApi from '#common/staff-contracts.ts'
import { ApiError, call } from './api.ts'

export const SESSION_ROUTE = 'session'

/** Reads the session; without one, goes to the sign-in page and comes back afterwards. */
export async function sessionLoader({ request }: LoaderFunctionArgs): Promise<SessionAnswer> {
  try {
    return await call(staffApi.session)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url)
      const next = url.pathname.replace(/^\/admin/, '') + url.search
      throw redirect(`/sign-in${next && next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`)
    }
    throw error
  }
}

export function useSession(): SessionAnswer {
  const session = useRouteLoaderData<typeof sessionLoader>(SESSION_ROUTE)
  if (!session) throw new Error('useSession() is for the pages inside the signed-in layout.')
  return session
}

/** Where to go after signing in: a path inside the back office, never another site. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '/'
  return isSitePath(next) ? next : '/'
}
