/**
 * The one inline script of every page (compiled by Rolldown into a classic script: see
 * scripts/vite/inline-script.ts). It runs in <head>, before the first paint, and reads what it
 * needs from the JSON data block just before it (BootData, written by app/entry.server.tsx).
 */
import { createAfterPaint } from './after-paint.ts'
import { BOOT_DATA_ID } from '#common/render-entry.ts'
import { startEarlyRequests } from '#app/lib/early-requests.ts'
import type { BootData } from './document-assets.ts'
import { loadHydration } from './hydration-loader.ts'
import { markVisitor } from './visitor.ts'
import { loadWebFonts } from './web-font-loader.ts'

markVisitor(document)
const data = JSON.parse(
  document.getElementById(BOOT_DATA_ID)?.textContent || '{}',
) as Partial<BootData>
// First: the page's API requests (the Courses list) start before anything else waits.
startEarlyRequests(window, data.requests)
const afterPaint = createAfterPaint(window)
loadWebFonts(window, data.fonts ?? [], data.fontsVersion ?? '', afterPaint)
loadHydration(window, data.chunks ?? [], afterPaint, (url) => import(/* @vite-ignore */ url))
