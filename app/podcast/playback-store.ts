/**
 * What the player shares with the transcript on the same page: the time, and a way to seek. One
 * small store per episode guid, read with useSyncExternalStore, so the transcript re-renders only
 * when the time moves and neither component owns the other.
 */
import { useSyncExternalStore } from 'react'

export type Playback = {
  time: number
  /** Set while a player for this episode is mounted. */
  seek?: (seconds: number) => void
}

type Store = { state: Playback; listeners: Set<() => void> }

const stores = new Map<string, Store>()
const initial: Playback = { time: 0 }

function storeFor(guid: string): Store {
  let store = stores.get(guid)
  if (!store) {
    store = { state: initial, listeners: new Set() }
    stores.set(guid, store)
  }
  return store
}

export function publishPlayback(guid: string, patch: Partial<Playback>): void {
  const store = storeFor(guid)
  store.state = { ...store.state, ...patch }
  for (const listener of store.listeners) listener()
}

export function usePlayback(guid: string): Playback {
  return useSyncExternalStore(
    (listener) => {
      const store = storeFor(guid)
      store.listeners.add(listener)
      return () => store.listeners.delete(listener)
    },
    () => storeFor(guid).state,
    () => initial,
  )
}
