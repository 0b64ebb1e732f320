/**
 * The one inline script of every page (compiled by Rolldown into a classic script: see
 * scripts/vite/inline-script.ts). It runs in <head>, before the first paint, and reads what it
 * needs from its own `data-boot` attribute (BootData, written by app/entry.server.tsx).
 */
import { createAfterPaint } from './after-paint.ts'
import type { BootData } from './document-assets.ts'
import { loadHydration } from './hydration-loader.ts'
import { markVisitor } from './visitor.ts'
import { loadWebFonts } from './web-font-loader.ts'

markVisitor(document)
const script = document.currentScript as HTMLScriptElement | null
const data = JSON.parse(script?.dataset.boot ?? '{}') as Partial<BootData>
const afterPaint = createAfterPaint(window)
loadWebFonts(window, data.fonts ?? [], data.fontsVersion ?? '', afterPaint)
loadHydration(window, data.chunks ?? [], afterPaint, (url) => import(/* @vite-ignore */ url))
