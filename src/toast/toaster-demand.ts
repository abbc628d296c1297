/**
 * A one-way signal that a toast has been raised. The layout listens to this (a few bytes) instead
 * of the toast store, so neither the store nor the Radix toaster is part of a page's first load.
 */
let wanted = false
const listeners = new Set<() => void>()

export function requestToaster(): void {
  if (wanted) return
  wanted = true
  listeners.forEach((listener) => listener())
}

export function subscribeToToasterDemand(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function isToasterWanted(): boolean {
  return wanted
}
