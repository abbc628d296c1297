import { startTransition } from 'react'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom'
import { AppProviders } from '../src/app-providers'
import { noteLanding } from '../src/leads/landing'
import { adoptServerStyles } from '../src/theme/server-styles'
import { routes } from './routes'

/**
 * Ends the current task and continues in a new one, so the browser can handle input in between. Start-up
 * runs in steps (evaluate the entry, load the page module, evaluate React DOM, create the router, hydrate)
 * that used to share long tasks: on a phone profile (4x CPU) the module evaluation and the router's
 * creation took one task of 150-300 ms (at 4× CPU: docs/performance.md, tbt-breakdown). A task boundary between them
 * costs nothing visible.
 */
const yieldToMain = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

async function start() {
  // 1. The prerendered CSS stays where it is; styled-components learns which class names it holds.
  adoptServerStyles()
  await yieldToMain()

  // 2. Load the lazy route modules of the current URL first, so the first render matches the HTML.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy)
  await Promise.all(
    (lazyMatches ?? []).map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )

  await yieldToMain()

  // 3. React DOM, in a module (and a task) of its own; its chunk is preloaded, so this waits for no network.
  const { createRoot, hydrateRoot } = await import('../src/react-dom-client')
  await yieldToMain()

  // 4. The router picks up window.__staticRouterHydrationData written by the prerender.
  const router = createBrowserRouter(routes)
  await yieldToMain()
  const app = (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
  const container = document.getElementById('root') as HTMLElement

  // 5. Hydrate in a transition so React time-slices the work instead of blocking the main thread.
  if (import.meta.env.DEV) createRoot(container).render(app)
  else startTransition(() => void hydrateRoot(container, app))
}

// 0. Where the visitor came from, noted before the router can change the address (a build with an endpoint only).
if (LEAD_ENDPOINT) noteLanding()
void start()
