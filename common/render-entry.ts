/**
 * What the app's server entry (app/entry.server.tsx) gives the render module (server/render/)
 * besides React Router's request handling: the server build carries the app, and the render module
 * reads these from `build.entry.module`, so neither side imports the other.
 */
import type { RouterContext } from 'react-router'
import type { ContentSnapshot } from './content/snapshot.ts'
import type { SearchAnswer } from './search.ts'

/** The id of the JSON data block, right before the boot script, that it reads its data from. */
export const BOOT_DATA_ID = 'boot-data'

export interface RenderEntryExports {
  /**
   * Every path the site renders from a snapshot (the repository's content/ without one) at a
   * time (now without one; an episode is listed from its publication time): its pages, its form
   * pages and its resource files.
   */
  renderPaths(snapshot?: ContentSnapshot, at?: Date): string[]
  /** The pages rendered for each request, with its data, never ahead (/search). */
  onRequestPaths: readonly string[]
  /**
   * Paths that reach the routes whose pages may all be absent (the newsletter's letters, before
   * the first is sent): the build's check that every route renders a page counts them.
   */
  optionalRoutePaths: readonly string[]
  /** A path no route matches, rendered as the site's not-found page (HTTP 404). */
  notFoundPath: string
  /** The time a render happens at; loaders read it (app/render-clock.ts). */
  renderClock: RouterContext<() => Date>
  /** The content a render is made of; loaders read it (app/lib/content.server.ts). */
  contentSource: RouterContext<() => ContentSnapshot>
  /** A staff member's preview of unpublished changes: a banner, noindex. */
  previewRender: RouterContext<boolean>
  /** The results /search shows, found by the server for one request (server/search). */
  searchAnswer: RouterContext<SearchAnswer | null>
  /** The repository's content/ folder, read and checked: what the build renders. */
  defaultSnapshot(): ContentSnapshot
  /**
   * The paths a change of the content renders again and those it removes (app/page-paths.ts);
   * `all` when a part every page shows changed.
   */
  affectedPaths(
    before: ContentSnapshot,
    after: ContentSnapshot,
    at?: Date,
  ): { render: string[]; remove: string[]; all: boolean }
  /** The pages visitors reach first: rendered after a start and after a change. */
  warmPaths(snapshot?: ContentSnapshot, at?: Date): string[]
  /**
   * The code of the boot script (app/document/boot.ts), the one inline script a page carries:
   * the pages' CSP lists its hash.
   */
  bootScript: string
}
