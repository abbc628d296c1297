import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { routes } from '../../renderer/routes'
import { AppProviders } from '../../src/app-providers'
import { site } from '../../src/config/site'
import { footer } from '../../src/content/shared'
import { LayoutErrorBoundary } from '../../src/layout/error-screen'
import { renderRoute } from '../helpers/render-route'

const errorHeading = () => screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })
/** Where the link of that name inside `scope` goes. */
const hrefOf = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('link', { name }).getAttribute('href')

// The current page's mark, client navigation and the mobile menu (its links and «Cotizar Ahora», focus, Escape, a
// choice closing it) are proven in Chromium, Firefox and WebKit: test/visitor/site.test.ts.
test('an unknown path shows the error screen inside the layout: its header and its footer', async () => {
  await renderRoute('/no-existe')
  expect(await errorHeading()).toBeInTheDocument()
  expect(screen.getByText('404 Not Found')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  expect(hrefOf(screen.getByRole('banner'), `${site.brand}, ir al inicio`)).toBe('/')
  const info = screen.getByRole('contentinfo')
  expect(within(info).getByText(footer.blurb)).toBeInTheDocument()
  expect(footer.blurb).toMatch(
    /^Especialistas en construcción, mantenimiento y reparación de albercas en Puebla\./,
  )
  const social = within(info).getByRole('list', { name: 'Síguenos' })
  const icons = within(social).getAllByRole('img')
  expect(icons.map((icon) => icon.getAttribute('aria-label'))).toEqual(['Facebook', 'Instagram', 'YouTube'])
  expect(within(social).queryAllByRole('link')).toHaveLength(0)
  const nav = within(info).getByRole('navigation', { name: 'Enlaces rápidos' })
  const quick = within(nav).getAllByRole('link')
  expect(quick.map((link) => link.textContent)).toEqual(['Inicio', 'Nosotros', 'Servicios', 'Contacto'])
  expect(hrefOf(info, 'Teléfono: +52\u00a0222\u00a0123\u00a04567')).toBe('tel:+522221234567')
  expect(hrefOf(info, 'Correo electrónico: contacto@aquapuebla.mx')).toBe('mailto:contacto@aquapuebla.mx')
  expect(within(info).getByText('Puebla, Puebla, México')).toBeInTheDocument()
  expect(within(info).getByText(/© 2024 AquaPuebla/)).toBeInTheDocument()
})

/** Renders `routes` at `/` and waits for the error screen's heading. */
async function errorScreenOf(routes: Parameters<typeof createMemoryRouter>[0]) {
  render(
    <AppProviders>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
    </AppProviders>,
  )
  expect(await errorHeading()).toBeInTheDocument()
}

describe('error screen', () => {
  test('a thrown error shows its message and stack trace', async () => {
    const error = new Error('Algo falló al cargar la página')
    error.stack = 'Error: Algo falló al cargar la página\n    at ServiciosPage (pages/servicios.tsx:12:3)'
    const loader = () => {
      throw error
    }
    await errorScreenOf([
      // Nothing to show while the loader runs (and no warning that nothing is).
      {
        path: '/',
        Component: () => null,
        HydrateFallback: () => null,
        ErrorBoundary: LayoutErrorBoundary,
        loader,
      },
    ])
    expect(screen.getByText('Algo falló al cargar la página')).toBeInTheDocument()
    expect(screen.getByText(/at ServiciosPage \(pages\/servicios\.tsx:12:3\)/)).toBeInTheDocument()
  })

  test('an error in the layout itself falls back to the bare error screen', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {})
    const fail = () => {
      throw new Error('La plantilla falló')
    }
    await errorScreenOf([
      {
        path: '/',
        ErrorBoundary: routes[0]!.ErrorBoundary,
        children: [{ index: true, Component: fail, ErrorBoundary: fail }],
      },
    ])
    expect(screen.getByText('La plantilla falló')).toBeInTheDocument()
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    spy.mockRestore()
  })
})
