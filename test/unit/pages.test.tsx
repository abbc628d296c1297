import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { site } from '../../src/config/site'
import { contacto } from '../../src/content/contacto'
import { inicio } from '../../src/content/inicio'
import { nosotros } from '../../src/content/nosotros'
import { servicios } from '../../src/content/servicios'
import { ubicacion } from '../../src/content/ubicacion'
import { renderRoute } from '../helpers/render-route'

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name })
/** The region (a section with its heading) of that name. */
const region = (name: string) => screen.getByRole('region', { name })
/** Where the link of that name inside `scope` goes. */
const hrefOf = (scope: HTMLElement, name: string | RegExp) =>
  within(scope).getByRole('link', { name }).getAttribute('href')

test('home page: the hero with a free-quote and a services button, six benefits, the figures, three testimonials, a closing call', async () => {
  await renderRoute('/')
  await h1(inicio.hero.title)
  const hero = region(inicio.hero.title)
  expect(hrefOf(hero, inicio.hero.primary.label)).toBe('/contacto')
  expect(hrefOf(hero, inicio.hero.secondary.label)).toBe('/servicios')
  expect(within(region(inicio.benefits.title)).getAllByRole('heading', { level: 3 })).toHaveLength(6)
  const figures = region(inicio.statsLabel)
  for (const [number, label] of [
    ['500+', 'Clientes satisfechos'],
    ['10+', 'Años de experiencia'],
    ['100%', 'Trabajo garantizado'],
    ['24/7', 'Soporte técnico'],
  ])
    expect(figures).toHaveTextContent(`${label}${number}`)
  const testimonials = region(inicio.testimonials.title)
  for (const text of ['5 de 5 estrellas', 'Cliente satisfecho', 'Puebla, Pue.'])
    expect(within(testimonials).getAllByText(text)).toHaveLength(3)
  expect(within(region(inicio.cta.title)).getByRole('link')).toHaveAttribute('href', '/contacto')
})

test('about page: the story since 2014 with the ISO 9001 note, mission, vision, four values, a team of three, three certifications', async () => {
  await renderRoute('/nosotros')
  await h1(nosotros.intro.title)
  expect(screen.getByRole('heading', { name: /Desde 2014/ })).toBeInTheDocument()
  expect(screen.getByText(/ISO 9001 de gestión de la calidad/)).toBeInTheDocument()
  for (const name of ['Misión', 'Visión']) expect(screen.getByRole('heading', { name })).toBeInTheDocument()
  const values = region(nosotros.values.title)
  for (const name of ['Excelencia', 'Pasión', 'Confianza', 'Innovación'])
    expect(within(values).getByRole('heading', { name })).toBeInTheDocument()
  const members = within(region(nosotros.team.title)).getAllByRole('listitem')
  expect(members).toHaveLength(3)
  for (const [index, member] of nosotros.team.members.entries()) {
    expect(within(members[index]!).getByRole('heading', { name: member.name })).toBeInTheDocument()
    expect(members[index]).toHaveTextContent(member.position)
    expect(members[index]).toHaveTextContent(member.experience)
  }
  const certifications = region(nosotros.certifications.title)
  for (const name of ['ISO 9001', 'Registro CMIC', /filtración/])
    expect(within(certifications).getByRole('heading', { name })).toBeInTheDocument()
})

test('services page: six services with six features, the spec price in Mexican pesos and a quote button each, four steps, six photos, two closing links', async () => {
  await renderRoute('/servicios')
  await h1(servicios.intro.title)
  const cards = screen.getAllByRole('article')
  expect(cards).toHaveLength(6)
  const prices = ['$150,000 MXN', '$800 MXN/mes', '$25,000 MXN', '$80,000 MXN', '$2,500 MXN']
  for (const [index, card] of cards.entries()) {
    const service = servicios.services[index]!
    expect(within(card).getByRole('heading', { name: service.title })).toBeInTheDocument()
    expect(within(card).getAllByRole('listitem')).toHaveLength(6)
    expect(card).toHaveTextContent(prices[index] ? `Desde ${prices[index]}` : 'Consultar precio')
    expect(hrefOf(card, `Solicitar cotización: ${service.title}`)).toBe('/contacto')
  }
  const steps = within(region(servicios.process.title)).getAllByRole('listitem')
  expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
    'Paso 01: Consulta inicial',
    'Paso 02: Diseño y cotización',
    'Paso 03: Construcción',
    'Paso 04: Entrega y garantía',
  ])
  expect(within(region(servicios.gallery.title)).getAllByRole('img')).toHaveLength(6)
  const closing = within(region(servicios.cta.title)).getAllByRole('link')
  expect(closing.map((link) => link.getAttribute('href'))).toEqual(['/contacto', '/nosotros'])
})

test('location page: the address in the historic centre, phone, hours, a map link, ten areas, two ways there, call and chat', async () => {
  await renderRoute('/ubicacion')
  await h1(ubicacion.intro.title)
  const office = region(ubicacion.office.title)
  for (const text of [/Centro Histórico, Puebla/, 'Lunes a Viernes', 'Solo emergencias'])
    expect(within(office).getByText(text)).toBeInTheDocument()
  expect(hrefOf(office, site.phone.display)).toBe(site.phone.href)
  const maps = within(office).getByRole('link', { name: /Abrir en Mapas/ })
  expect(screen.getByRole('img', { name: /Mapa de ubicación/ })).toBeInTheDocument()
  const areas = within(region(ubicacion.areas.title)).getAllByRole('listitem')
  expect(areas.map((item) => item.textContent)).toEqual([...site.serviceAreas])
  for (const name of ['En automóvil', 'En transporte público'])
    expect(screen.getByRole('heading', { name })).toBeInTheDocument()
  const actions = region(ubicacion.contact.title)
  expect(hrefOf(actions, /Llamar ahora/)).toBe('tel:+522221234567')
  const chat = within(actions).getByRole('link', { name: /WhatsApp/ })
  expect(chat).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/522221234567\?text=/))
  // Both leave the site in a new tab that cannot reach back into this one.
  for (const link of [maps, chat]) {
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  }
})

test('contact page: the contact cards, the form, the emergency line, hours, four FAQs and the privacy notice', async () => {
  const user = userEvent.setup()
  await renderRoute('/contacto')
  await h1(contacto.intro.title)
  const mail = screen.getAllByRole('link', { name: site.email.address })[0]
  expect(mail).toHaveAttribute('href', 'mailto:contacto@aquapuebla.mx')
  expect(screen.getByRole('form', { name: contacto.form.title })).toBeInTheDocument()
  const emergency = screen.getByRole('link', { name: /Llamar a emergencias/ })
  expect(emergency).toHaveAttribute('href', 'tel:+522221234567')
  expect(region(contacto.hoursTitle)).toHaveTextContent('9:00 AM - 4:00 PM')
  expect(screen.getByRole('img', { name: contacto.image.alt })).toBeInTheDocument()
  expect(within(region(contacto.faq.title)).getAllByRole('group')).toHaveLength(4)
  // The phone field's example is not the company's own number.
  const phone = screen.getByLabelText('Teléfono')
  const digits = (text: string) => text.replace(/\D/g, '')
  expect(digits(phone.getAttribute('placeholder') ?? '')).not.toBe(digits(site.phone.display).slice(-10))
  expect(phone).toHaveAttribute('placeholder', '221 000 0000')
  // Under the form, what it sends of how the visitor came (issue 43), where requests are kept and for how
  // long, with the full notice.
  expect(screen.getByText(/^Cómo llegaste al sitio: .* sin cookies/)).toBeInTheDocument()
  const notice = region('Aviso de privacidad simplificado')
  expect(notice).toHaveTextContent(
    'AquaPuebla, con domicilio en Centro Histórico, Puebla, Pue., es responsable del tratamiento',
  )
  expect(notice).toHaveTextContent(
    'Tu solicitud y cómo llegaste al sitio se guardan en la base de datos del sitio, alojada en Cloudflare, y se borran a los 2 años',
  )
  const full = within(notice).getByText('Aviso de privacidad integral')
  expect(within(notice).getByText(/^Cuánto tiempo: conservamos tu solicitud 2 años/)).not.toBeVisible()
  await user.click(full)
  expect(within(notice).getByText(/^Cuánto tiempo: conservamos tu solicitud 2 años/)).toBeVisible()
})
