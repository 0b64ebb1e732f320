/**
 * The client entry: the boot script (app/document/boot.ts) imports it once the page has painted
 * and loaded. Pages are complete HTML and links are ordinary links, so there is no client-side
 * router: only the islands, the parts with behaviour, are hydrated (docs/decisions/010).
 */
import { hydrateIslands } from '#app/islands/hydrate-islands.tsx'

// A link marked aria-disabled (the home page's category cards, whose pages are not published)
// does not navigate, however it is activated: pointer events and the tab order skip it already.
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('a[aria-disabled="true"]'))
    event.preventDefault()
})

void hydrateIslands()
