/**
 * React Router's server build of a release (`<build>/server/index.js`), imported at run time: the
 * render module's input. Its entry module carries what the render needs besides the routes
 * (common/render-entry.ts).
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import type { RenderEntryExports } from '#common/render-entry.ts'

export interface SiteServerBuild {
  build: ServerBuild
  entry: RenderEntryExports
}

/** The entry exports of a server build; throws naming what is missing. */
export function renderEntryOf(build: ServerBuild): RenderEntryExports {
  const entry = build.entry.module as unknown as Partial<RenderEntryExports>
  const missing = (
    [
      'renderPaths',
      'notFoundPath',
      'renderClock',
      'contentSource',
      'previewRender',
      'defaultSnapshot',
      'affectedPaths',
      'bootScript',
    ] as const
  ).filter((name) => entry[name] === undefined)
  if (missing.length > 0)
    throw new Error(
      `The server build's entry (app/entry.server.tsx) does not export ${missing.join(', ')}`,
    )
  return entry as RenderEntryExports
}

export function serverBuildFile(buildDirectory: string): string {
  return path.join(buildDirectory, 'server', 'index.js')
}

/** Imports a release's server build. */
export async function loadServerBuild(buildDirectory: string): Promise<SiteServerBuild> {
  const file = serverBuildFile(buildDirectory)
  let build: ServerBuild
  try {
    build = (await import(pathToFileURL(file).href)) as ServerBuild
  } catch (error) {
    throw new Error(`Cannot load the server build ${file}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  return { build, entry: renderEntryOf(build) }
}
