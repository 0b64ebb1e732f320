/**
 * The results of one search, as the server found them for the request it renders /search for
 * (server/search renders the page per request, never from the page set). Without one (the build's
 * render of /search, a search with no words) the page shows the empty form.
 */
import { createContext } from 'react-router'
import type { SearchAnswer } from '#common/search.ts'

export const searchAnswer = createContext<SearchAnswer | null>(null)
