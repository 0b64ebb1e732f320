/**
 * The time a page is rendered at: when the build started, or when the server re-renders a page
 * after a publish. The caller of the render (server/render/) sets it in React Router's load
 * context; loaders read it with `context.get(renderClock)()`, and the document gets it as
 * `RenderedAt` (the footer's year), so that a render depends on no clock but this one and the
 * same inputs give the same bytes. Without a caller's value (`react-router dev`) it is the
 * machine's clock.
 */
import { createContext as createReactContext } from 'react'
import { createContext } from 'react-router'

export const renderClock = createContext<() => Date>(() => new Date())

export const RenderedAt = createReactContext<Date>(new Date(0))
