import { lazy, Suspense, useSyncExternalStore } from 'react'
import { getServerSnapshot, getSnapshot, subscribe } from './toast-store'

const loadToaster = () => import('./toaster')

/**
 * The Radix toaster is not needed to paint or hydrate a page, so it is its own chunk, fetched the
 * first time a toast is raised (or earlier through `preloadToaster`, when a visitor starts filling
 * the form). The server and the hydrating client render nothing here, and a toast raised before
 * the chunk arrives waits in the store.
 */
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })))

export function preloadToaster(): void {
  void loadToaster()
}

export function DeferredToaster() {
  const { toasts } = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
  return toasts.length > 0 ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
