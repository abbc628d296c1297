/**
 * The inbox's «Por atender» (issue 31) in every engine this project runs the owner's inbox in: Chromium and
 * WebKit (Safari's engine), written once against test/helpers/driver.ts (decision 030). `wrangler pages dev`
 * serves the build, functions/ (the inbox's API) and a local D1 seeded with an overdue lead, an emergency, a new
 * one and an answered one; the test clock (LEAD_TEST_CLOCK_URL) fixes the server's time, so "Vencida hace 2 h"
 * is the same on every run. Signed in once with the loopback one-time link; at 390 px (447 in WebKit: its
 * narrowest window): the order (emergency, overdue, the rest by deadline), the times in Spanish in the owner's
 * zone, the month figures, the other views, a tap on WhatsApp recorded as the first contact and undone, a status
 * change that answers a lead; at 1280 px the alert's link (?solicitud=<id>) opening its lead on top. At both
 * widths nothing hidden sideways, axe clean and no console problem in both engines (test/helpers/axe.ts,
 * inbox.ts), screenshots looked at.
 * Needs a build (`npm run build`). Run: `npx jest test/owner/inbox-promise.test.ts --selectProjects chromium`
 * (or `webkit`), `--runInBand`.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { accessibilityViolations } from '../helpers/axe'
import { projectRoot } from '../helpers/builds'
import { engine, widthsFor, withTab, type Tab } from '../helpers/driver'
import { INBOX_PREFIX, theInbox, waitForNames } from '../helpers/inbox'

jest.setTimeout(180_000)

const SHOTS = process.env.INBOX_SHOTS_DIR || path.join(projectRoot, 'test', '.artifacts', 'inbox')
mkdirSync(SHOTS, { recursive: true })
/** Wednesday 25 November 2026, 16:00 UTC: 10:00 in Mexico City. */
const T0 = new Date('2026-11-25T16:00:00.000Z')
const HOUR = 3_600_000
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR).toISOString()

/** [id, name, service, created (hours from T0), due (hours), urgent, first contact (hours) and how, status] */
const SEED: [string, string, string, number, number, 0 | 1, [number, string] | null, string][] = [
  ['lead-rosa', 'Rosa Delgado', 'Mantenimiento Regular', -26, -2, 0, null, 'nuevo'],
  ['lead-jorge', 'Jorge Ruiz', 'Servicio de Emergencia', -0.5, 1.5, 1, null, 'nuevo'],
  ['lead-laura', 'Laura Méndez', 'Construcción de Alberca Nueva', -1, 23, 0, null, 'nuevo'],
  ['lead-pedro', 'Pedro Sánchez', 'Reparación de Alberca', -5, 19, 0, [-4, 'llamada'], 'contactado'],
]
const DUE_ORDER = ['Jorge Ruiz', 'Rosa Delgado', 'Laura Méndez']

let signedIn = false

const inbox = theInbox({
  clock: T0,
  seed: (db) =>
    db.batch(
      SEED.map(([id, name, service, created, due, urgent, contact, status]) =>
        db
          .prepare(
            `INSERT INTO leads (id, created_at, name, email, phone, service, message, page, status, updated_at,
               due_at, urgent, first_contact_at, first_contact_via, alert)
             VALUES (?1, ?2, ?3, ?4, '222 555 0101', ?5, 'Necesito ayuda con mi alberca.', '/contacto', ?6, ?2,
               ?7, ?8, ?9, ?10, 'own')`,
          )
          .bind(
            id,
            at(created),
            name,
            `${id}@example.com`,
            service,
            status,
            at(due),
            urgent,
            ...(contact ? [at(contact[0]), contact[1]] : [null, null]),
          ),
      ),
    ),
})

beforeEach(() => {
  inbox.server.clock.set(T0)
})

/** One row of the inbox's D1, as the page left it. */
const row = (sql: string) => inbox.store.db.prepare(sql).first()
/** A lead's card, by its id. */
const cardOf = (tab: Tab, id: string) =>
  tab.element((wanted: string) => document.querySelector(`li.lead[data-id="${wanted}"]`), [id])
/** The phone's width (WebKitGTK's narrowest window is wider: test/helpers/driver.ts). */
const phone = widthsFor([390])[0]!

/**
 * Opens the inbox (signing in with the one-time link the first time) and waits for «Solicitudes»; the tab is
 * closed whatever happens (WebKit has one at a time).
 */
async function inInbox(width: number, search: string, run: (tab: Tab) => Promise<void>): Promise<void> {
  await withTab(inbox.site, { width, height: 900 }, async (tab) => {
    const first = !signedIn
    if (first) await tab.goto(inbox.signInPath)
    signedIn = true
    if (!first || search) await tab.goto(`${INBOX_PREFIX}${search}`)
    await tab.byRole('heading', 'Solicitudes')
    await run(tab)
  })
}

/** Each card of the list: its name, its badges and its promise line, as the owner reads them. */
const cards = (tab: Tab) =>
  tab.evaluate(() =>
    [...document.querySelectorAll('#lista li.lead')].map((card) => ({
      name: card.querySelector('h2')?.textContent,
      badges: [...card.querySelectorAll('.badge')].map((badge) => badge.textContent),
      promise: card.querySelector('.promise p')?.textContent,
      undo: card.querySelector('.promise button')?.textContent ?? null,
    })),
  )

// On the phone; the desktop width's layout is checked with the alert's link below.
test('on the phone, «Por atender» first: the emergency, the overdue one, then by deadline, with the time left in Spanish', async () => {
  await inInbox(phone, '', async (tab) => {
    await waitForNames(tab, DUE_ORDER)
    expect(await cards(tab)).toEqual([
      {
        name: 'Jorge Ruiz',
        badges: ['Emergencia', 'Nuevo'],
        // The server's clock runs on from T0 while the page loads: a minute either way.
        promise: expect.stringMatching(/^Quedan 1 h (29|30) min · vence hoy a las 11:30$/),
        undo: null,
      },
      {
        name: 'Rosa Delgado',
        badges: ['Nuevo'],
        promise: expect.stringMatching(/^Vencida hace 2 h( 1 min)? · venció hoy a las 8:00$/),
        undo: null,
      },
      {
        name: 'Laura Méndez',
        badges: ['Nuevo'],
        promise: 'Quedan 23 h · vence mañana a las 9:00',
        undo: null,
      },
    ])
    await tab.byRole('radio', 'Por atender 3')
    expect(await tab.evaluate(() => document.getElementById('vencidas')?.textContent)).toBe('1 vencida')
    // The month figures: 4 received in November, Pedro answered in 1 h (in time), none late, three not yet:
    // Rosa past her deadline, Jorge and Laura still inside theirs (so not counted as late).
    await tab.byRole('heading', 'Tu promesa de respuesta')
    expect(
      await tab.evaluate(() =>
        [...document.querySelectorAll('.figures-month')].map((month) => [
          month.querySelector('h3')?.textContent,
          ...[...month.querySelectorAll('dl div')].map(
            (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
          ),
        ]),
      ),
    ).toEqual([
      [
        'Este mes (noviembre)',
        'Recibidas: 4',
        'Respondidas a tiempo: 1',
        'Respondidas tarde: 0',
        'Sin responder: 3 · 1 vencida',
        'Primer contacto (mediana): 1 h',
      ],
      [
        'El mes pasado (octubre)',
        'Recibidas: 0',
        'Respondidas a tiempo: 0',
        'Respondidas tarde: 0',
        'Sin responder: 0',
        'Primer contacto (mediana): —',
      ],
    ])
    // Nothing hidden sideways, the page nor a view's chip inside it; then what the owner sees.
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tab.width)
    expect(
      await tab.evaluate(() =>
        [...document.querySelectorAll('.chip')]
          .filter((chip) => chip.getBoundingClientRect().right > document.documentElement.clientWidth)
          .map((chip) => chip.textContent),
      ),
    ).toEqual([])
    expect(await accessibilityViolations(tab)).toEqual([])
    await tab.evaluate(() => window.scrollTo(0, 0))
    await tab.screenshot(path.join(SHOTS, `inbox-promise-${engine}-${tab.width}.png`))
    // «Todas»: the answered one too, saying when and how it was answered.
    await tab.click(await tab.byRole('radio', 'Todas 4'))
    await waitForNames(tab, ['Jorge Ruiz', 'Laura Méndez', 'Pedro Sánchez', 'Rosa Delgado'])
    const pedro = (await cards(tab)).find((card) => card.name === 'Pedro Sánchez')
    expect(pedro).toEqual({
      name: 'Pedro Sánchez',
      badges: ['Contactado'],
      promise: 'Respondida en 1 h, por llamada · a tiempo',
      // A tap recorded it: one tap undoes it.
      undo: 'Deshacer',
    })
    expect(await accessibilityViolations(tab)).toEqual([])
    await tab.screenshot(path.join(SHOTS, `inbox-promise-${engine}-${tab.width}-todas.png`))
    expect(await tab.problems()).toEqual([])
  })
})

test('a tap on WhatsApp is the first contact, «Deshacer» takes it back, and a status change answers too', async () => {
  await inInbox(phone, '', async (tab) => {
    await waitForNames(tab, DUE_ORDER)
    const laura = await cardOf(tab, 'lead-laura')
    // The link keeps its target (the chat opens in a new tab, here an unreachable one): what the page records is
    // the point, so the tap is the link's own click event with the navigation held back.
    await tab.evaluate((card: Element) => {
      const link = card.querySelector<HTMLAnchorElement>('a.button-whatsapp')!
      link.addEventListener('click', (event) => event.preventDefault(), { once: true })
    }, laura)
    await tab.tap(await tab.byRole('link', 'WhatsApp', laura))
    await tab.waitFor(
      () =>
        document
          .querySelector('li.lead[data-id="lead-laura"] .promise p')
          ?.textContent?.startsWith('Respondida en'),
      [],
      { what: 'Laura answered' },
    )
    expect(
      await tab.evaluate(
        () => document.querySelector('li.lead[data-id="lead-laura"] .promise p')?.textContent,
      ),
    ).toMatch(/^Respondida en 1 h( \d+ min)?, por WhatsApp · a tiempo$/)
    expect(await row("SELECT first_contact_via FROM leads WHERE id = 'lead-laura'")).toEqual({
      first_contact_via: 'whatsapp',
    })
    await tab.byRole('radio', 'Por atender 2')
    // A tap by mistake: «Deshacer» puts it back.
    await tab.click(await tab.byRole('button', 'Deshacer', await cardOf(tab, 'lead-laura')))
    await tab.byRole('radio', 'Por atender 3')
    expect(await row("SELECT first_contact_at FROM leads WHERE id = 'lead-laura'")).toEqual({
      first_contact_at: null,
    })
    // Rosa called back: her status moves on, and she is answered (late).
    await tab.fill(await tab.byRole('combobox', 'Estado', await cardOf(tab, 'lead-rosa')), 'Contactado')
    await tab.byRole('radio', 'Por atender 2')
    await tab.waitFor(
      () =>
        document
          .querySelector('li.lead[data-id="lead-rosa"] .promise')
          ?.textContent?.includes('fuera de plazo'),
      [],
      { what: 'Rosa answered late' },
    )
    expect(await row("SELECT status, first_contact_via FROM leads WHERE id = 'lead-rosa'")).toEqual({
      status: 'contactado',
      first_contact_via: 'estado',
    })
    // Loaded again, «Por atender» holds what is left.
    await tab.reload()
    await waitForNames(tab, ['Jorge Ruiz', 'Laura Méndez'])
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tab.width)
  })
})

test("the alert's link opens its lead above the list, by its id alone", async () => {
  await inInbox(1280, '?solicitud=lead-jorge', async (tab) => {
    await tab.byRole('heading', 'La solicitud del aviso')
    expect(
      await tab.evaluate(() =>
        [...document.querySelectorAll('#abierta li.lead h2')].map((h) => h.textContent),
      ),
    ).toEqual(['Jorge Ruiz'])
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('abierta-titulo')
    // The desktop layout: nothing hidden sideways, axe clean, no console problem; then what the owner sees.
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tab.width)
    expect(await accessibilityViolations(tab)).toEqual([])
    await tab.screenshot(path.join(SHOTS, `inbox-promise-${engine}-${tab.width}.png`))
    expect(await tab.problems()).toEqual([])
  })
})
