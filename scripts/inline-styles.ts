/**
 * Post-build step, before defer-hydration.ts: each page's first paint needs only its own HTML.
 *
 * - **The stylesheet is inlined.** The site has one stylesheet (about 9 KB brotli); a page that
 *   links it waits one more round trip before it can paint. Each page gets it as a `<style>` in
 *   `<head>`; the `<link>` stays (React hydrates `<head>` and expects it) with `disabled`, which
 *   per the HTML standard means it is never fetched. Client-side navigation keeps the inlined
 *   rules, which cover every page (they are the whole stylesheet, not a per-page cut).
 * - **Web fonts load after the first paint.** With the `@font-face` rules in the first stylesheet
 *   the browser requests both variable fonts (about 58 KB) while laying out the first frame, and
 *   on a slow connection the paint competes with them. The rules for the site's own font files
 *   move into a script that adds them once the first contentful paint has happened; text paints at
 *   once in the metric-matched fallbacks (app.css), so the swap moves nothing. A browser that has
 *   loaded the fonts before (a flag in localStorage: the fonts' version, nothing about the visitor;
 *   the privacy page says so) gets them at once, from its cache, without the swap. Without
 *   JavaScript a `<noscript>` copy of the rules applies them as before.
 * - **`window.__afterPaint(fn)`** runs `fn` a task after the first contentful paint (at `load` in
 *   a browser without paint timing). The hydration loader (defer-hydration.ts) waits for it too.
 */
import crypto from 'node:crypto'

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\s*\/?>/g
/** An `@font-face` rule that downloads a file (the local() fallback faces stay in the sheet). */
const WEB_FONT_FACE = /@font-face\s*\{[^}]*\bsrc:\s*url\([^}]*\}/g
export const FONTS_STORAGE_KEY = 'docucommons:fonts'

/** Runs queued callbacks a task after the first contentful paint; see the module comment. */
export const AFTER_PAINT_SCRIPT =
  '(function(w){var q=[],done=false;' +
  'function run(){if(done)return;done=true;q.splice(0).forEach(function(f){setTimeout(f)})}' +
  'w.__afterPaint=function(f){done?setTimeout(f):q.push(f)};' +
  'try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){' +
  'new PerformanceObserver(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();run()}})' +
  '.observe({type:"paint",buffered:true});return}}catch(e){}' +
  'w.addEventListener("load",run)})(window)'

/** Splits a stylesheet into its web-font faces and everything else. */
export function splitWebFonts(css: string): { rest: string; fonts: string } {
  const faces = css.match(WEB_FONT_FACE) ?? []
  return { rest: css.replace(WEB_FONT_FACE, ''), fonts: faces.join('') }
}

interface FaceDescriptor {
  family: string
  src: string
  descriptors: Record<string, string>
}

/** The `@font-face` rules as FontFace constructor arguments (family, source, descriptors). */
export function fontFaces(fonts: string): FaceDescriptor[] {
  return (fonts.match(WEB_FONT_FACE) ?? []).map((rule) => {
    const body = rule.slice(rule.indexOf('{') + 1, rule.lastIndexOf('}'))
    const declarations = new Map<string, string>()
    for (const declaration of body.split(/;(?![^(]*\))/)) {
      const colon = declaration.indexOf(':')
      if (colon > 0)
        declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim())
    }
    const family = declarations.get('font-family')?.replace(/^["']|["']$/g, '')
    const src = declarations.get('src')
    if (!family || !src)
      throw new Error(`inline-styles: a web font face without family or src: ${rule}`)
    const descriptors: Record<string, string> = {}
    for (const [property, key] of [
      ['font-style', 'style'],
      ['font-weight', 'weight'],
      ['font-display', 'display'],
      ['unicode-range', 'unicodeRange'],
    ] as const) {
      const value = declarations.get(property)
      if (value) descriptors[key] = value
    }
    return { family, src, descriptors }
  })
}

/**
 * The script that puts the web fonts in after the first paint, or at once when they are cached.
 * After the paint it downloads the upright faces (every page uses them) without applying them,
 * then adds every face in one go: the page is laid out again once, not once per font (each
 * re-layout is a long task on a slow phone). The italic face loads when a page uses it.
 */
export function fontLoaderScript(fonts: string): string {
  const version = crypto.createHash('sha256').update(fonts).digest('base64url').slice(0, 12)
  return (
    `(function(){var faces=${JSON.stringify(fontFaces(fonts))},key=${JSON.stringify(FONTS_STORAGE_KEY)},version=${JSON.stringify(version)},cached=false;` +
    'if(!window.FontFace||!document.fonts)return;' +
    'var list=faces.map(function(f){return new FontFace(f.family,f.src,f.descriptors)});' +
    'function addAll(){list.forEach(function(f){document.fonts.add(f)});try{localStorage.setItem(key,version)}catch(e){}}' +
    'try{cached=localStorage.getItem(key)===version}catch(e){}' +
    'if(cached)addAll();' +
    'else window.__afterPaint(function(){Promise.all(list.filter(function(f){return f.style!=="italic"}).map(function(f){return f.load()})).then(addAll,function(){})})})()'
  )
}

/** `</style` inside CSS text would end the element early; CSS allows escaping the slash. */
const safeInStyle = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1')

/**
 * Rewrites one prerendered page; `readStylesheet` gives the text of a linked `/assets/…css`.
 * Pages without a stylesheet link come back unchanged.
 */
export function inlineStyles(html: string, readStylesheet: (href: string) => string): string {
  return html.replace(STYLESHEET_LINK, (_, href: string) => {
    const { rest, fonts } = splitWebFonts(readStylesheet(href))
    const fontParts = fonts
      ? `<script>${fontLoaderScript(fonts)}</script><noscript><style>${safeInStyle(fonts)}</style></noscript>`
      : ''
    return (
      `<script>${AFTER_PAINT_SCRIPT}</script>${fontParts}` +
      `<style>${safeInStyle(rest)}</style><link rel="stylesheet" href="${href}" disabled=""/>`
    )
  })
}
