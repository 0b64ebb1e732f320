/**
 * What the app's server entry (app/entry.server.tsx) gives the render module (server/render/)
 * besides React Router's request handling: the server build carries the app, and the render module
 * reads these from `build.entry.module`, so neither side imports the other.
 */
import type { RouterContext } from 'react-router'
import type { ContentSnapshot } from './content/snapshot.ts'

/** The id of the JSON data block, right before the boot script, that it reads its data from. */
export const BOOT_DATA_ID = 'boot-data'

export interface RenderEntryExports {
  /**
   * Every path the site renders: its pages, its form pages and its resource files, from a
   * content snapshot (the repository's by default) at a time (now by default).
   */
  renderPaths(snapshot?: ContentSnapshot, at?: Date): string[]
  /** A path no route matches, rendered as the site's not-found page (HTTP 404). */
  notFoundPath: string
  /** The time a render happens at; loaders read it (app/render-clock.ts). */
  renderClock: RouterContext<() => Date>
  /**
   * The code of the boot script (app/document/boot.ts), the one inline script a page carries:
   * the pages' CSP lists its hash.
   */
  bootScript: string
}
