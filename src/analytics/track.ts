import type { AnalyticsEvent } from './events'
import { ANALYTICS_ON } from './enabled'

/**
 * `track(event)`: what components call. This file is part of every page's first load, so it stays
 * a few hundred bytes: a queue and a scheduler. The providers (./runtime.ts, a lazy chunk) load
 * when the browser is idle after the `load` event (requestIdleCallback, or a timer where Safari
 * lacks it) or at the visitor's first interaction, whichever comes first; events raised before then
 * wait here and are handed over once, in order. Nothing is scheduled before the first event, which
 * the page-view hook raises after hydration.
 */
type Deliver = (event: AnalyticsEvent) => void

const queue: AnalyticsEvent[] = []
let deliver: Deliver | undefined
let scheduled = false

/** Idle callback timeout, and the plain timer used where requestIdleCallback is missing (Safari). */
const IDLE_TIMEOUT_MS = 4000
const NO_IDLE_DELAY_MS = 1500

export function track(event: AnalyticsEvent): void {
  if (!ANALYTICS_ON) return
  if (deliver) deliver(event)
  else {
    queue.push(event)
    scheduleRuntime()
  }
}

function scheduleRuntime(): void {
  if (scheduled) return
  scheduled = true
  let started = false
  const start = () => {
    if (started) return
    started = true
    void import('./runtime').then(
      (runtime) => {
        deliver = runtime.startAnalytics()
        queue.splice(0).forEach(deliver)
      },
      () => {
        // The chunk could not load (offline, blocked): the page works on; a later event retries.
        scheduled = false
      },
    )
  }
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
    else setTimeout(start, NO_IDLE_DELAY_MS)
  }
  if (document.readyState === 'complete') whenIdle()
  else addEventListener('load', whenIdle, { once: true })
  addEventListener('pointerdown', start, { once: true, passive: true })
  addEventListener('keydown', start, { once: true, passive: true })
}
