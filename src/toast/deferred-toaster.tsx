import { lazy, Suspense, useSyncExternalStore } from 'react'
import { isToasterWanted, subscribeToToasterDemand } from './toaster-demand'

const loadToaster = () => import('./toaster')

/**
 * The Radix toaster is not needed to paint or hydrate a page, so it is its own chunk, fetched the
 * first time a toast is raised (or earlier through `preloadToaster`, when a visitor starts filling
 * the form). The server and the hydrating client render nothing here; a toast raised before the
 * chunk arrives waits in the store, and the toaster shows it on mount.
 */
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })))

export function preloadToaster(): void {
  void loadToaster()
}

export function DeferredToaster() {
  const wanted = useSyncExternalStore(subscribeToToasterDemand, isToasterWanted, () => false)
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
