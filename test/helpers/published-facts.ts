/**
 * What a visitor of a build sees of a changed fact: a phone number in the footer, every tel:/wa.me link
 * and the JSON-LD of every page; a service's price on its card, in its JSON-LD offer and in the head
 * description that quotes it. Checked by the CMS suite on the edited build (the admin's own save); the content
 * suite reads its JSON-LD services.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { formatAmount } from '../../src/content/format'
import { builtPages } from './built-pages'

const jsonLdOf = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')

/** `phone` as written in content/site.yaml (`+52 222 987 6543`); `old` the number it replaced. */
export function expectPhoneEverywhere(dist: string, phone: string, old = /123.?4567|22212345/): void {
  const e164 = phone.replace(/[^\d+]/g, '')
  for (const { file } of builtPages(dist)) {
    const page = readFileSync(file, 'utf8')
    // The form's example phone ("222 123 4567", fixed by the spec) is a format hint, not the company's number.
    expect(page.replace(/placeholder="[^"]*"/g, '')).not.toMatch(old)
    const tel = [...page.matchAll(/href="(tel:[^"]*)"/g)].map((m) => m[1])
    expect(tel.length).toBeGreaterThan(0)
    expect(new Set(tel)).toEqual(new Set([`tel:${e164}`]))
    const wa = [...page.matchAll(/href="(https:\/\/wa\.me\/[^"?]*)/g)].map((m) => m[1])
    expect(new Set(wa)).toEqual(new Set([`https://wa.me/${e164.slice(1)}`]))
    const shown = phone.replace(/ /g, '\u00a0')
    // The header carries navigation and 'Cotizar Ahora' only (spec): no number to show there.
    expect(page.match(/<header[\s\S]*<\/header>/)?.[0]).not.toMatch(/\+52/)
    expect(page.match(/<footer[\s\S]*<\/footer>/)?.[0]).toContain(shown)
    for (const [, telephone] of jsonLdOf(page)
      .join('\n')
      .matchAll(/"telephone":"([^"]*)"/g))
      expect(telephone).toBe(e164)
  }
  expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toContain(`"telephone":"${e164}"`)
}

interface JsonLdItem {
  '@type'?: string
  '@id'?: string
  name?: string
  offers?: { priceSpecification?: { minPrice?: number } }
}

/** The JSON-LD Service items of a page. */
export function servicesInJsonLd(page: string): JsonLdItem[] {
  return jsonLdOf(page)
    .map((text) => JSON.parse(text || 'null') as (JsonLdItem & { '@graph'?: JsonLdItem[] }) | null)
    .flatMap((doc) => (doc ? (doc['@graph'] ?? [doc]) : []))
    .filter((item) => item['@type'] === 'Service')
}

/** The maintenance price (`amount` a month) on /servicios: card, JSON-LD offer, head description. */
export function expectMaintenancePrice(dist: string, amount: number, old = '$800'): void {
  const page = readFileSync(path.join(dist, 'servicios.html'), 'utf8')
  const shown = formatAmount(amount)
  expect(page).not.toContain(old)
  expect(page).toContain(`Desde ${shown} MXN/mes`)
  expect(page).toMatch(
    new RegExp(`<meta name="description" content="[^"]*mantenimiento desde \\${shown} al mes`),
  )
  const maintenance = servicesInJsonLd(page).find((item) => String(item['@id']).endsWith('#mantenimiento'))
  expect(maintenance?.offers?.priceSpecification?.minPrice).toBe(amount)
}
