// Modules that exist only at build time (scripts/vite/): their types.

declare module '*?inline-script' {
  /** The module bundled into one minified classic script (scripts/vite/inline-script.ts). */
  const code: string
  export default code
}

declare module 'virtual:hydration-manifest' {
  import type { HydrationManifest } from '#app/document/document-assets.ts'
  /** The client entry's chunks, dependencies first (scripts/vite/hydration-manifest.ts). */
  const manifest: HydrationManifest
  export default manifest
}
