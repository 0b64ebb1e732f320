/**
 * Hydrates every island of the page, in document order, one after the other: each is a root of
 * its own, so no single task holds the hydration of the whole page. Once the last one has
 * committed, `<html data-hydrated>` says the page is interactive (tests and the mobile menu's
 * CSS read it) and a `hydrated` performance mark records when.
 */
import { type ReactNode, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { islandComponent } from './registry.ts'

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit])
  return children
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? ''
  const Component = await islandComponent(name)
  if (!Component) {
    console.error(`No island named "${name}": the page stays as the server rendered it there.`)
    return
  }
  const props = JSON.parse(element.dataset.props ?? '{}') as object
  return new Promise((resolve) => {
    const done = () => resolve()
    hydrateRoot(
      element,
      <Committed onCommit={done}>
        <Component {...props} />
      </Committed>,
      {
        onRecoverableError: (error) => console.error(`Island "${name}" hydrated with:`, error),
        onUncaughtError: (error) => {
          console.error(`Island "${name}" failed:`, error)
          done()
        },
      },
    )
  })
}

export async function hydrateIslands(root: Document = document): Promise<void> {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]'))
    await hydrateIsland(element)
  root.documentElement.dataset.hydrated = 'true'
  performance.mark('hydrated')
}
