/**
 * Push alerts from the installed inbox, in Chromium at 390 px, on the Pages stack (test/helpers/pages-stack.ts)
 * with the owner's phones' push service stood in (test/helpers/push.ts): the inbox's service worker has the
 * inbox's scope and no other (the public pages have no controller); in «Avisos» the owner turns this phone on
 * beside another one already listed, and «Enviar aviso de prueba» says «¡Llegó!»; an emergency sent through the
 * quote form reaches the push service before any schedule run, shows a notification with URGENTE first that
 * stays on screen, the open inbox lists it at once, and its tap opens that lead.
 * What the browser cannot do offline is stood in, and only that: PushManager.subscribe() answers through the
 * browser vendor's push service (FCM), so it gives the stand-in's subscription; and the stand-in's decrypted
 * message reaches the page's worker through the DevTools protocol (ServiceWorker.deliverPushMessage), as the
 * vendor's service would deliver it. No protocol command taps a notification: its `notificationclick` is
 * dispatched in the worker by script, with the notification the browser shows. Screenshots in
 * test/.artifacts/inbox-push/. Run alone: `npx jest test/owner/inbox-push.test.ts --selectProjects chromium`.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { openPage, projectRoot, theBrowser } from '../helpers/browser'
import { INBOX_PREFIX } from '../helpers/inbox'
import { signInToInbox } from '../helpers/owner'
import { thePagesStack } from '../helpers/pages-stack'
import { thePushService } from '../helpers/push'
import {
  button,
  CONTACT_PATH,
  fillForm,
  SUBMIT,
  SUCCESS_TITLE,
  VALID,
  waitForHydration,
} from '../helpers/quote-form'
import type { PushedMessage } from '../stand-ins/push'

jest.setTimeout(180_000)

const SHOTS = path.join(projectRoot, 'test', '.artifacts', 'inbox-push')
const push = thePushService()
const stack = thePagesStack({ vars: () => push.vars() })
const browser = theBrowser()
const aria = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`

/** The notifications the inbox's worker shows now. */
const shown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => ({
      title: note.title,
      body: note.body,
      url: (note.data as { url: string }).url,
      requireInteraction: note.requireInteraction,
    })),
  )

test('the inbox alone has a worker; a phone turned on gets a test and an emergency, and a tap opens the lead', async () => {
  mkdirSync(SHOTS, { recursive: true })
  await browser.defaultBrowserContext().overridePermissions(stack.url, ['notifications'])
  const { page, problems } = await openPage(browser, { width: 390, height: 844 })
  // Intercepted pages are never controlled by a service worker: the inbox asks nothing of other hosts anyway.
  await page.setRequestInterception(false)
  // This phone's subscription, as its push service would give it (see above).
  const phone = push.subscribe(push.keys.publicKey)
  await page.evaluateOnNewDocument((subscription: unknown) => {
    const given = { options: {}, toJSON: () => subscription, unsubscribe: async () => true }
    let subscribed = false
    PushManager.prototype.getSubscription = async () => (subscribed ? given : null) as never
    PushManager.prototype.subscribe = async () => ((subscribed = true), given) as never
  }, phone.subscription)
  const cdp = await page.createCDPSession()
  const registrations = new Map<string, string>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const one of updated) if (!one.isDeleted) registrations.set(one.scopeURL, one.registrationId)
  })
  await cdp.send('ServiceWorker.enable')
  /** A message the push service took for this phone, delivered to the page's worker as the vendor's would. */
  const deliver = async (message: PushedMessage) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: stack.url,
      registrationId: registrations.get(`${stack.url}${INBOX_PREFIX}`) ?? '',
      data: JSON.stringify(message.payload),
    })

  // The page installs its worker, with the inbox's scope only, and it takes the page; another phone is listed.
  await signInToInbox(page, stack.url, stack.signInPath)
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(
    `${stack.url}${INBOX_PREFIX}`,
  )
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  // Installable, as Chromium itself judges it (Lighthouse 12 dropped its installability audit): no error.
  expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([])
  const other = push.subscribe(push.keys.publicKey).subscription
  const added = await page.evaluate(async (subscription) => {
    const { csrf } = (await (await fetch('/api/inbox/session')).json()) as { csrf: string }
    const headers = { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }
    const body = JSON.stringify({ name: 'Celular de Luis', subscription })
    return (await fetch('/api/inbox/avisos', { method: 'POST', headers, body })).status
  }, other)
  expect(added).toBe(201)
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  // «Avisos»: this phone named and turned on, two listed; its test arrives and the panel says so.
  await page.locator(aria('link', 'Avisos')).click()
  await page.locator(aria('textbox', 'Nombre de este celular')).fill('Celular de Ana')
  await page.locator(aria('button', 'Activar avisos en este celular')).click()
  // (Chromium names the list by its heading as drawn, in capitals: the text is read instead.)
  await page.waitForFunction(
    () => document.querySelector('#avisos-aparatos')?.textContent === '2 aparatos reciben avisos',
  )
  const testButton = await page.waitForSelector(aria('button', 'Enviar aviso de prueba a «Celular de Ana»'))
  await testButton!.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await testButton!.tap()
  await page
    .waitForSelector('::-p-text(Esperando a que llegue a este celular)')
    .catch(async (error: unknown) => {
      throw new Error(
        `${String(error)}: ${await page.$eval('#avisos', (panel) => (panel as HTMLElement).innerText)}`,
      )
    })
  await push.waitUntil(() => push.delivered.some((message) => message.payload?.kind === 'test'))
  await deliver(push.delivered.find((message) => message.payload?.kind === 'test')!)
  await page.waitForSelector('::-p-text(¡Llegó! Este celular recibe los avisos.)')
  const avisos = await page.$('#avisos')
  await avisos!.screenshot({ path: path.join(SHOTS, 'avisos-390.png') })
  expect((await shown(page)).map((note) => note.title)).toEqual(['Aviso de prueba de AquaPuebla'])

  // An emergency through the public form: at the push service for both phones before any schedule run.
  const visitor = (await openPage(browser, { width: 390, height: 844 })).page
  await visitor.goto(`${stack.url}${CONTACT_PATH}`)
  await waitForHydration(visitor)
  await fillForm(visitor, { ...VALID, name: 'Rosa Méndez', service: 'Servicio de Emergencia' })
  await visitor.locator(button(SUBMIT)).click()
  await visitor.waitForSelector(`::-p-text(${SUCCESS_TITLE})`)
  const [lead] = await stack.rows<{ id: string }>("SELECT id FROM leads WHERE name = 'Rosa Méndez'")
  const urgent = (message: PushedMessage) => message.payload?.kind === 'lead'
  await push.waitUntil(() => push.delivered.filter(urgent).length === 2)
  const mine = push.delivered.find((message) => urgent(message) && message.device === phone.id)!
  // The owner's tab in front again, the wait polled by time (a tab behind another may get no animation frames).
  // The open inbox lists her once the worker says the notification is on screen (test/unit/inbox-app.test.tsx);
  // only then are they read: Chromium's getNotifications() can lose one written but not yet displayed.
  await page.bringToFront()
  expect(await page.$eval('main', (main) => main.textContent)).not.toContain('Rosa Méndez')
  await deliver(mine)
  await page.waitForFunction(
    () => document.querySelector('main')?.textContent?.includes('Rosa Méndez') === true,
    { polling: 100 },
  )
  expect((await shown(page)).find((note) => note.title.startsWith('URGENTE'))).toEqual({
    title: expect.stringMatching(/^URGENTE: emergencia, responde antes de las \d{1,2}:\d\d$/),
    body: 'Rosa Méndez · Servicio de Emergencia',
    url: `${INBOX_PREFIX}?solicitud=${lead!.id}`,
    requireInteraction: true,
  })

  // Its tap: the inbox moves to that lead.
  const worker = await (await browser.waitForTarget((target) => target.type() === 'service_worker')).worker()
  await worker!.evaluate(async () => {
    const scope = self as unknown as typeof globalThis & {
      registration: ServiceWorkerRegistration
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
    }
    const notes = await scope.registration.getNotifications()
    const note = notes.find((one) => one.title.startsWith('URGENTE'))!
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: note }))
  })
  await page.waitForFunction((id: string) => location.search === `?solicitud=${id}`, {}, lead!.id)
  await page
    .waitForFunction(
      () => document.querySelector('main')?.textContent?.includes('La solicitud del aviso') === true,
    )
    .catch(async (error: unknown) => {
      throw new Error(
        `${String(error)} at ${page.url()}: ${await page.$eval('body', (body) => body.innerText)}`,
      )
    })
  await page.waitForSelector('::-p-text(Rosa Méndez)')
  await page.screenshot({ path: path.join(SHOTS, 'lead-from-notification-390.png') })
  expect(problems).toEqual([])

  // The public pages: no worker, no controller.
  for (const pathname of ['/', CONTACT_PATH]) {
    await visitor.goto(`${stack.url}${pathname}`)
    expect(
      await visitor.evaluate(async () => ({
        controller: navigator.serviceWorker.controller,
        registration: (await navigator.serviceWorker.getRegistration()) ?? null,
      })),
    ).toEqual({ controller: null, registration: null })
  }
})
