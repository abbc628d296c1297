import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { routes } from '../../renderer/routes'
import { AppProviders } from '../../src/app-providers'

/**
 * Renders a path through the real route table, inside the real providers, once the router has loaded the path's
 * lazy page module (as renderer/entry-client.tsx loads the current URL's matches before hydrating). What a test
 * then looks for is on screen at once, however long ts-jest takes to compile the page on a loaded machine: the
 * test waits for the router's condition, not for Testing Library's timeout.
 */
export async function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve()
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router }
}
