/**
 * What the app's server entry (app/entry.server.tsx) gives the render module (server/render/)
 * besides React Router's request handling: the server build carries the app, and the render module
 * reads these from `build.entry.module`, so neither side imports the other.
 */
import type { RouterContext } from 'react-router'

export interface RenderEntryExports {
  /** Every path the site renders: its pages, its form pages and its resource files. */
  renderPaths(): string[]
  /** A path no route matches, rendered as the site's not-found page (HTTP 404). */
  notFoundPath: string
  /** The time a render happens at; loaders read it (app/render-clock.ts). */
  renderClock: RouterContext<() => Date>
  /** The exact code of every inline script a page may carry: the CSP lists their hashes. */
  inlineScripts: readonly string[]
}
