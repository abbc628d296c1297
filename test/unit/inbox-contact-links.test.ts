/**
 * The inbox's one-tap answers (contract/contact-links.ts): a call, WhatsApp with a greeting naming the
 * client and the company, an e-mail with a subject.
 */
import {
  firstName,
  mailtoHref,
  telHref,
  whatsappDigits,
  whatsappGreeting,
  whatsappHref,
} from '../../contract/contact-links'

// A call dials the digits, with the + the client typed; WhatsApp gets the international number: a ten-digit Mexican
// number gains 52.
test.each([
  ['222 555 0101', 'tel:2225550101', '522225550101'],
  [' +52 (222) 555-0101 ', 'tel:+522225550101', '522225550101'],
  ['+1 415 555 0100', 'tel:+14155550100', '14155550100'],
])('%j: a call to %s, WhatsApp to %s', (phone, tel, whatsapp) => {
  expect([telHref(phone), whatsappDigits(phone)]).toEqual([tel, whatsapp])
})

test('the WhatsApp greeting names the client by first name and the service they asked about', () => {
  expect(firstName('  Ana María López ')).toBe('Ana')
  expect(whatsappGreeting('Ana María López', 'Mantenimiento Regular')).toBe(
    'Hola Ana, te escribo por tu solicitud de cotización de mantenimiento regular.',
  )
  expect(whatsappGreeting('', '')).toBe('Hola, te escribo por tu solicitud de cotización.')
  const href = new URL(whatsappHref('222 555 0101', 'Ana & Co', 'Servicio de Emergencia'))
  expect(href.origin + href.pathname).toBe('https://wa.me/522225550101')
  expect(href.searchParams.get('text')).toBe(
    'Hola Ana, te escribo por tu solicitud de cotización de servicio de emergencia.',
  )
})

test('the e-mail has a Spanish subject naming the service and the company', () => {
  const href = mailtoHref('ana@example.com', 'Mantenimiento regular', 'AquaPuebla')
  expect(href.startsWith('mailto:ana@example.com?subject=')).toBe(true)
  expect(decodeURIComponent(href.split('subject=')[1] ?? '')).toBe(
    'Tu solicitud de cotización de mantenimiento regular — AquaPuebla',
  )
  // An address cannot smuggle extra headers into the message.
  expect(mailtoHref('a@x.com?bcc=b@y.com', '', 'AquaPuebla')).toMatch(
    /^mailto:a@x\.com%3Fbcc%3Db@y\.com\?subject=/,
  )
})
