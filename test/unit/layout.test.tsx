import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { render } from '@testing-library/react'
import { routes } from '../../renderer/routes'
import { AppProviders } from '../../src/app-providers'
import { site } from '../../src/config/site'
import { footer } from '../../src/content/shared'
import { LayoutErrorBoundary } from '../../src/layout/error-screen'
import { renderRoute } from '../helpers/render-route'

const NAV = ['Inicio', 'Nosotros', 'Servicios', 'Ubicación', 'Contacto']

/**
 * jsdom applies no media queries, so the header renders in its phone layout with the menu closed:
 * `hidden: true` reads the links a desktop visitor sees inline.
 */
function mainNav() {
  return screen.getByRole('navigation', { name: 'Navegación principal', hidden: true })
}

describe('header', () => {
  test('shows the brand, the five links and the Cotizar Ahora button', async () => {
    await renderRoute('/')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('link', { name: `${site.brand}, ir al inicio` })).toHaveAttribute(
      'href',
      '/',
    )
    expect(
      within(mainNav())
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent),
    ).toEqual(NAV)
    expect(within(banner).getByRole('link', { name: 'Cotizar Ahora', hidden: true })).toHaveAttribute(
      'href',
      '/contacto',
    )
  })

  test.each([
    ['/', 'Inicio'],
    ['/nosotros', 'Nosotros'],
    ['/servicios', 'Servicios'],
    ['/ubicacion', 'Ubicación'],
    ['/contacto', 'Contacto'],
  ])('marks %s as the current page in the navigation', async (path, label) => {
    await renderRoute(path)
    await screen.findByRole('heading', { level: 1 })
    const current = within(mainNav())
      .getAllByRole('link', { hidden: true })
      .filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => link.textContent)).toEqual([label])
  })

  test('navigating with a header link shows the new page and moves the highlight', async () => {
    const user = userEvent.setup()
    const { router } = await renderRoute('/')
    await screen.findByRole('heading', { level: 1 })
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }))
    await user.click(within(mainNav()).getByRole('link', { name: 'Servicios' }))
    expect(await screen.findByRole('heading', { level: 1, name: /Todo para tu alberca/ })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/servicios')
    const links = within(mainNav())
    expect(links.getByRole('link', { name: 'Servicios', hidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(links.getByRole('link', { name: 'Inicio', hidden: true })).not.toHaveAttribute('aria-current')
  })
})

describe('mobile menu', () => {
  test('the toggle opens the menu and moves focus into it; choosing a link closes it', async () => {
    const user = userEvent.setup()
    await renderRoute('/')
    await screen.findByRole('heading', { level: 1 })
    const toggle = screen.getByRole('button', { name: 'Abrir menú' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveAttribute('aria-controls', 'menu-principal')
    expect(mainNav()).not.toBeVisible()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAccessibleName('Cerrar menú')
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' })
    expect(nav).toBeVisible()
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveFocus()
    expect(screen.getByRole('link', { name: 'Cotizar Ahora' })).toBeVisible()

    await user.click(within(nav).getByRole('link', { name: 'Nosotros' }))
    expect(await screen.findByRole('heading', { level: 1, name: /Pasión por el agua/ })).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(mainNav()).not.toBeVisible()
  })

  test('Escape closes the menu and returns focus to the toggle', async () => {
    const user = userEvent.setup()
    await renderRoute('/contacto')
    await screen.findByRole('heading', { level: 1 })
    const toggle = screen.getByRole('button', { name: 'Abrir menú' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()
  })
})

describe('footer', () => {
  test('shows the blurb, three social icons, quick links, contact block and copyright', async () => {
    await renderRoute('/')
    const info = await screen.findByRole('contentinfo')
    expect(within(info).getByText(footer.blurb)).toBeInTheDocument()
    expect(
      footer.blurb.startsWith(
        'Especialistas en construcción, mantenimiento y reparación de albercas en Puebla.',
      ),
    ).toBe(true)
    const social = within(info).getByRole('list', { name: 'Síguenos' })
    expect(
      within(social)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['Facebook', 'Instagram', 'YouTube'])
    expect(within(social).queryAllByRole('link')).toHaveLength(0)
    const quick = within(info).getByRole('navigation', { name: 'Enlaces rápidos' })
    expect(
      within(quick)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Inicio', 'Nosotros', 'Servicios', 'Contacto'])
    expect(
      within(info).getByRole('link', { name: 'Teléfono: +52\u00a0222\u00a0123\u00a04567' }),
    ).toHaveAttribute('href', 'tel:+522221234567')
    expect(
      within(info).getByRole('link', { name: 'Correo electrónico: contacto@aquapuebla.mx' }),
    ).toHaveAttribute('href', 'mailto:contacto@aquapuebla.mx')
    expect(within(info).getByText('Puebla, Puebla, México')).toBeInTheDocument()
    expect(within(info).getByText(/© 2024 AquaPuebla/)).toBeInTheDocument()
  })
})

describe('error screen', () => {
  test('an unknown path shows the error heading and 404 Not Found inside the layout', async () => {
    await renderRoute('/no-existe')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument()
    expect(screen.getByText('404 Not Found')).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })

  test('a thrown error shows its message and stack trace', async () => {
    const error = new Error('Algo falló al cargar la página')
    error.stack = 'Error: Algo falló al cargar la página\n    at ServiciosPage (pages/servicios.tsx:12:3)'
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: () => null,
          ErrorBoundary: LayoutErrorBoundary,
          loader: () => {
            throw error
          },
        },
      ],
      { initialEntries: ['/'] },
    )
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Algo falló al cargar la página')).toBeInTheDocument()
    expect(screen.getByText(/at ServiciosPage \(pages\/servicios\.tsx:12:3\)/)).toBeInTheDocument()
  })

  test('an error in the layout itself falls back to the bare error screen', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {})
    const broken = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: routes[0]!.ErrorBoundary,
          children: [
            {
              index: true,
              Component: () => {
                throw new Error('La plantilla falló')
              },
              ErrorBoundary: () => {
                throw new Error('La plantilla falló')
              },
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    )
    render(
      <AppProviders>
        <RouterProvider router={broken} />
      </AppProviders>,
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument()
    expect(screen.getByText('La plantilla falló')).toBeInTheDocument()
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    spy.mockRestore()
  })
})

describe('phone number', () => {
  // Regression: "+52 222 123 4567" broke across lines at its plain spaces. The shown form keeps its
  // groups with no-break spaces, so it stays on one line wherever it is rendered (footer, contact
  // cards, ubicación, the failure toast, CTAs), and it is still the number a visitor reads.
  test('the shown number has no space a line may break at, and reads as +52 222 123 4567', () => {
    expect(site.phone.display).not.toMatch(/[ \t\n\r\u1680\u2000-\u2006\u2008-\u200a\u205f\u3000]/)
    expect(site.phone.display.replace(/\u00a0/g, ' ')).toBe('+52 222 123 4567')
  })
})
