import type { ComponentProps, ComponentType } from 'react'
import { podcastIslands } from '#app/podcast/islands.ts'
import { eagerIslands, type IslandName } from './registry.ts'

/** Every island's component for the server's render: the registry's and the packs'. */
const serverComponents = { ...eagerIslands, ...podcastIslands }

/**
 * What JSON can carry of T: an island's props round-trip through `data-props`, so a function
 * prop (kept for tests) cannot be given here.
 */
export type JsonLike<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer U)[]
    ? readonly JsonLike<U>[]
    : T extends (...args: never[]) => unknown
      ? never
      : T extends object
        ? { [K in keyof T]: JsonLike<T[K]> }
        : never

type PropsOf<N extends IslandName> = ComponentProps<(typeof serverComponents)[N]>

/**
 * Renders an island on the server inside an element that names it and carries its props; the
 * client entry hydrates that element alone (app/islands/hydrate-islands.tsx). The wrapper takes
 * no box (`display: contents`), so the island lays out as if it were not there; an island inside
 * a paragraph or a link is `inline` (a <span>, where a <div> would end the paragraph).
 */
export function Island<N extends IslandName>({
  name,
  props,
  inline = false,
}: {
  name: N
  props: JsonLike<PropsOf<N>>
  inline?: boolean
}) {
  const Component = serverComponents[name] as ComponentType<object>
  const Wrapper = inline ? 'span' : 'div'
  return (
    <Wrapper data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...(props as object)} />
    </Wrapper>
  )
}
