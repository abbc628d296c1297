import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { site } from '../../src/config/site'
import { contacto } from '../../src/content/contacto'
import { inicio } from '../../src/content/inicio'
import { nosotros } from '../../src/content/nosotros'
import { servicios } from '../../src/content/servicios'
import { ubicacion } from '../../src/content/ubicacion'
import { renderRoute } from '../helpers/render-route'

async function h1(name: string) {
  return screen.findByRole('heading', { level: 1, name })
}

test('home page: the hero with a free-quote and a services button, six benefits, the figures, three testimonials, a closing call', async () => {
  await renderRoute('/')
  await h1(inicio.hero.title)
  const hero = screen.getByRole('region', { name: inicio.hero.title })
  expect(within(hero).getByRole('link', { name: inicio.hero.primary.label })).toHaveAttribute(
    'href',
    '/contacto',
  )
  expect(within(hero).getByRole('link', { name: inicio.hero.secondary.label })).toHaveAttribute(
    'href',
    '/servicios',
  )
  const benefits = screen.getByRole('region', { name: inicio.benefits.title })
  expect(within(benefits).getAllByRole('heading', { level: 3 })).toHaveLength(6)
  const figures = screen.getByRole('region', { name: inicio.statsLabel })
  for (const [number, label] of [
    ['500+', 'Clientes satisfechos'],
    ['10+', 'Años de experiencia'],
    ['100%', 'Trabajo garantizado'],
    ['24/7', 'Soporte técnico'],
  ]) {
    expect(figures).toHaveTextContent(`${label}${number}`)
  }
  const section = screen.getByRole('region', { name: inicio.testimonials.title })
  expect(within(section).getAllByText('5 de 5 estrellas')).toHaveLength(3)
  expect(within(section).getAllByText('Cliente satisfecho')).toHaveLength(3)
  expect(within(section).getAllByText('Puebla, Pue.')).toHaveLength(3)
  const cta = screen.getByRole('region', { name: inicio.cta.title })
  expect(within(cta).getByRole('link')).toHaveAttribute('href', '/contacto')
})

test('about page: the story since 2014 with the ISO 9001 note, mission, vision, four values, a team of three, three certifications', async () => {
  await renderRoute('/nosotros')
  await h1(nosotros.intro.title)
  expect(screen.getByRole('heading', { name: /Desde 2014/ })).toBeInTheDocument()
  expect(screen.getByText(/ISO 9001 de gestión de la calidad/)).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Misión' })).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Visión' })).toBeInTheDocument()
  const values = screen.getByRole('region', { name: nosotros.values.title })
  for (const value of ['Excelencia', 'Pasión', 'Confianza', 'Innovación']) {
    expect(within(values).getByRole('heading', { name: value })).toBeInTheDocument()
  }
  const team = screen.getByRole('region', { name: nosotros.team.title })
  const members = within(team).getAllByRole('listitem')
  expect(members).toHaveLength(3)
  for (const [index, member] of nosotros.team.members.entries()) {
    expect(within(members[index]!).getByRole('heading', { name: member.name })).toBeInTheDocument()
    expect(members[index]).toHaveTextContent(member.position)
    expect(members[index]).toHaveTextContent(member.experience)
  }
  const certifications = screen.getByRole('region', { name: nosotros.certifications.title })
  expect(within(certifications).getByRole('heading', { name: 'ISO 9001' })).toBeInTheDocument()
  expect(within(certifications).getByRole('heading', { name: 'Registro CMIC' })).toBeInTheDocument()
  expect(within(certifications).getByRole('heading', { name: /filtración/ })).toBeInTheDocument()
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
    expect(
      within(card).getByRole('link', { name: `Solicitar cotización: ${service.title}` }),
    ).toHaveAttribute('href', '/contacto')
  }
  const steps = screen.getByRole('region', { name: servicios.process.title })
  const items = within(steps).getAllByRole('listitem')
  expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
    'Paso 01: Consulta inicial',
    'Paso 02: Diseño y cotización',
    'Paso 03: Construcción',
    'Paso 04: Entrega y garantía',
  ])
  const gallery = screen.getByRole('region', { name: servicios.gallery.title })
  expect(within(gallery).getAllByRole('img')).toHaveLength(6)
  const cta = screen.getByRole('region', { name: servicios.cta.title })
  expect(
    within(cta)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual(['/contacto', '/nosotros'])
})

test('location page: the address in the historic centre, phone, hours, a map link, ten areas, two ways there, call and chat', async () => {
  await renderRoute('/ubicacion')
  await h1(ubicacion.intro.title)
  const office = screen.getByRole('region', { name: ubicacion.office.title })
  expect(within(office).getByText(/Centro Histórico, Puebla/)).toBeInTheDocument()
  expect(within(office).getByRole('link', { name: site.phone.display })).toHaveAttribute(
    'href',
    site.phone.href,
  )
  expect(within(office).getByText('Lunes a Viernes')).toBeInTheDocument()
  expect(within(office).getByText('Solo emergencias')).toBeInTheDocument()
  const maps = within(office).getByRole('link', { name: /Abrir en Mapas/ })
  expect(maps).toHaveAttribute('target', '_blank')
  expect(maps).toHaveAttribute('rel', 'noopener noreferrer')
  expect(screen.getByRole('img', { name: /Mapa de ubicación/ })).toBeInTheDocument()
  const areas = screen.getByRole('region', { name: ubicacion.areas.title })
  expect(
    within(areas)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([...site.serviceAreas])
  expect(screen.getByRole('heading', { name: 'En automóvil' })).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'En transporte público' })).toBeInTheDocument()
  const actions = screen.getByRole('region', { name: ubicacion.contact.title })
  expect(within(actions).getByRole('link', { name: /Llamar ahora/ })).toHaveAttribute(
    'href',
    'tel:+522221234567',
  )
  const chat = within(actions).getByRole('link', { name: /WhatsApp/ })
  expect(chat).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/522221234567\?text=/))
  expect(chat).toHaveAttribute('target', '_blank')
  expect(chat).toHaveAttribute('rel', 'noopener noreferrer')
})

test('contact page: the contact cards, the form, the emergency line, hours, four FAQs and the privacy notice', async () => {
  const user = userEvent.setup()
  await renderRoute('/contacto')
  await h1(contacto.intro.title)
  expect(screen.getAllByRole('link', { name: site.email.address })[0]).toHaveAttribute(
    'href',
    'mailto:contacto@aquapuebla.mx',
  )
  expect(screen.getByRole('form', { name: contacto.form.title })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: /Llamar a emergencias/ })).toHaveAttribute(
    'href',
    'tel:+522221234567',
  )
  expect(screen.getByRole('region', { name: contacto.hoursTitle })).toHaveTextContent('9:00 AM - 4:00 PM')
  expect(screen.getByRole('img', { name: contacto.image.alt })).toBeInTheDocument()
  const faq = screen.getByRole('region', { name: contacto.faq.title })
  expect(within(faq).getAllByRole('group')).toHaveLength(4)
  // The phone field's example is not the company's own number.
  const phone = screen.getByLabelText('Teléfono')
  const digits = (text: string) => text.replace(/\D/g, '')
  expect(digits(phone.getAttribute('placeholder') ?? '')).not.toBe(digits(site.phone.display).slice(-10))
  expect(phone).toHaveAttribute('placeholder', '221 000 0000')
  // Under the form, what it sends of how the visitor came (issue 43), where requests are kept and for how
  // long, with the full notice.
  expect(screen.getByText(/^Cómo llegaste al sitio: .* sin cookies/)).toBeInTheDocument()
  const notice = screen.getByRole('region', { name: 'Aviso de privacidad simplificado' })
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
