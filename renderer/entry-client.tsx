import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom'
import { AppProviders } from '../src/app-providers'
import { adoptServerStyles } from '../src/theme/server-styles'
import { routes } from './routes'

async function start() {
  // 1. The prerendered CSS stays where it is; styled-components learns which class names it holds.
  adoptServerStyles()

  // 2. Load the lazy route modules of the current URL first, so the first render matches the HTML.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy)
  await Promise.all(
    (lazyMatches ?? []).map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )

  // 3. The router picks up window.__staticRouterHydrationData written by the prerender.
  const router = createBrowserRouter(routes)
  const app = (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
  const container = document.getElementById('root') as HTMLElement

  // 4. Hydrate in a transition so React time-slices the work instead of blocking the main thread.
  if (import.meta.env.DEV) createRoot(container).render(app)
  else startTransition(() => void hydrateRoot(container, app))
}

void start()
