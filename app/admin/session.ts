/** The signed-in person and their menu, as the protected layout's loader read them. */
import { redirect, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router'
import type { SessionAnswer } from '#common/back-office.ts'
import { isSitePath } from '#common/site-path.ts'
import { ApiError, get } from './api.ts'

export const SESSION_ROUTE = 'session'

/** Reads the session; without one, goes to the sign-in page and comes back afterwards. */
export async function sessionLoader({ request }: LoaderFunctionArgs): Promise<SessionAnswer> {
  try {
    return await get<SessionAnswer>('/session')
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
  return useRouteLoaderData(SESSION_ROUTE) as SessionAnswer
}

/** Where to go after signing in: a path inside the back office, never another site. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '/'
  return isSitePath(next) ? next : '/'
}
