/**
 * The «Avisos» panel (src/inbox/components/push-panel.tsx) through Testing Library, over an in-memory «Avisos» API
 * (the routes themselves, the encryption and the push service's answers are test/unit/lead-push.test.ts's) and the
 * browser's side stood in: a real browser subscribes only through its vendor's push service (FCM, Apple's,
 * Mozilla's), which no test can reach, so PushManager.subscribe() gives a subscription made here, and the service
 * worker's word that a test arrived is given by the stand-in (the worker's own part, showing the notification and
 * posting the nonce, is proven in Chromium: test/owner/inbox-push.test.ts). Then browserPush itself over a
 * stood-in navigator: permission, the key it subscribes with, an iPhone in Safari, the worker's messages.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { PushDevice, PushDeviceRequest } from '../../contract/push'
import { PushAvisos } from '../../src/inbox/components/push-panel'
import { ApiError } from '../../src/inbox/api-client'
import type { PushApi } from '../../src/inbox/push-api'
import {
  browserPush,
  keyBytes,
  onNoticeShown,
  type BrowserPush,
  type PushSupport,
} from '../../src/inbox/push-client'

const PUBLIC_KEY = 'BDd3_hVL9fZi9Ybo2UUzA284WG5FZR30_95YeZJsiApwXKpNcF1rRPF3foIiBHXRdJI2Qhumhf6_LFTeZaNndIo'
const GONE =
  'El servicio de avisos dice que este celular ya no está suscrito: lo quitamos de la lista. Vuelve a activar los avisos en él.'

/** A device as the server lists it, added an hour ago. */
const device = (id: string, name: string): PushDevice => ({
  id,
  name,
  createdBy: 'duena',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  lastSuccessAt: null,
  lastError: null,
  lastErrorAt: null,
})

/** The server's side in memory: its devices, and which devices their push service forgot. */
function memoryApi(
  devices: PushDevice[] = [],
  { publicKey = PUBLIC_KEY as string | null, forgotten = [] as string[] } = {},
) {
  const api: PushApi = {
    devices: async () => ({ publicKey, devices: [...devices] }),
    async add({ name, subscription }: PushDeviceRequest) {
      if (!subscription.endpoint.startsWith('https://'))
        throw new ApiError('Este navegador dio una dirección de avisos que no reconocemos.')
      const added = { ...device(`d${devices.length + 1}`, name), createdAt: new Date().toISOString() }
      devices.push(added)
      return added
    },
    remove: async (id) => void devices.splice(devices.map((one) => one.id).indexOf(id), 1),
    async test(id) {
      return forgotten.includes(id)
        ? { sent: false, nonce: `aquapuebla/test/n/${id}`, error: GONE }
        : { sent: true, nonce: `aquapuebla/test/n/${id}` }
    },
  }
  return api
}

function openPanel(api: PushApi, browser: BrowserPush) {
  const said: string[] = []
  render(
    <PushAvisos
      csrf="x"
      say={(message) => said.push(message)}
      onSignedOut={() => said.push('signed out')}
      deps={{ api, browser }}
    />,
  )
  return { user: userEvent.setup(), said }
}

/** The browser's side, stood in; `arrives`: whether its service worker says a test arrived. */
function standInBrowser(support: PushSupport = 'ok', arrives = true) {
  let subscribed = false
  let remembered: string | null = null
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/aqui',
    keys: { p256dh: 'p', auth: 'a' },
  }
  const browser: BrowserPush & { unsubscribed: number } = {
    unsubscribed: 0,
    support: () => support,
    current: async () => (subscribed ? subscription : null),
    async subscribe() {
      subscribed = true
      return subscription
    },
    async unsubscribe() {
      browser.unsubscribed += 1
      subscribed = false
    },
    waitForTest: async () => arrives,
    deviceId: () => remembered,
    rememberDevice: (id) => void (remembered = id),
  }
  return browser
}

// Named, turned on and «¡Llegó!» in Chromium: test/owner/inbox-push.test.ts «the inbox alone has a worker; a phone
// turned on gets a test and an emergency, and a tap opens the lead».
test('«Activar avisos en este celular»: said, listed as this phone with who and when, removed and unsubscribed', async () => {
  const browser = standInBrowser()
  const { user, said } = openPanel(memoryApi(), browser)
  const name = await screen.findByLabelText('Nombre de este celular')
  await user.clear(name)
  await user.type(name, 'Celular de Ana')
  await user.click(screen.getByRole('button', { name: 'Activar avisos en este celular' }))
  expect(await screen.findByText('Listo: «Celular de Ana» recibirá los avisos.')).toBeVisible()
  expect(said).toContain('Listo: «Celular de Ana» recibirá los avisos.')
  const list = screen.getByRole('list', { name: '1 aparato recibe avisos' })
  expect(within(list).getByText('Este celular')).toBeVisible()
  expect(within(list).getByText(/^Activado hoy a las \d+:\d\d por duena$/)).toBeVisible()

  await user.click(screen.getByRole('button', { name: 'Quitar «Celular de Ana»' }))
  expect(await screen.findByRole('heading', { name: 'Ningún aparato recibe avisos todavía' })).toBeVisible()
  expect(browser.unsubscribed).toBe(1)
  expect(screen.getByRole('button', { name: 'Activar avisos en este celular' })).toBeVisible()
})

test('a test to another phone says it was sent; one its push service forgot says so and leaves the list', async () => {
  const api = memoryApi([device('d1', 'Celular de Luis'), device('d2', 'Tablet vieja')], {
    forgotten: ['d2'],
  })
  const { user } = openPanel(api, standInBrowser())
  expect(await screen.findByRole('list', { name: '2 aparatos reciben avisos' })).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Enviar aviso de prueba a «Celular de Luis»' }))
  expect(await screen.findByText('Enviado a «Celular de Luis». Revisa que le haya llegado.')).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Enviar aviso de prueba a «Tablet vieja»' }))
  expect(await screen.findByRole('heading', { name: '1 aparato recibe avisos' })).toBeVisible()
})

test('a test that never reaches this phone says so, with what to check', async () => {
  const { user } = openPanel(memoryApi(), standInBrowser('ok', false))
  await user.click(await screen.findByRole('button', { name: 'Activar avisos en este celular' }))
  await user.click(
    await screen.findByRole('button', { name: /^Enviar aviso de prueba a «(Computadora|Celular Android)»$/ }),
  )
  expect(await screen.findByText(/no llegó a este celular en 20 segundos/)).toBeVisible()
})

test.each([
  ['an iPhone in Safari, not yet on the home screen', 'ios-home-screen', {}, /«Agregar a inicio».*iOS 16\.4/],
  ['notifications blocked', 'denied', {}, /bloqueadas en este navegador/],
  ['a browser without push', 'unsupported', {}, /no puede recibir avisos/],
  ['push off on the server (no VAPID keys)', 'ok', { publicKey: null }, /no están activados en el servidor/],
] as const)('%s: it says why and what to do, and offers no button', async (_name, support, server, why) => {
  openPanel(memoryApi([], server), standInBrowser(support))
  expect(await screen.findByText(why)).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Activar avisos en este celular' })).not.toBeInTheDocument()
})

describe('browserPush over the browser’s APIs (stood in)', () => {
  function fakeWindow({
    permission = 'granted',
    userAgent = 'Mozilla/5.0 (Linux; Android 14) Mobile',
    push = true,
  } = {}) {
    const subscribed: { options: PushSubscriptionOptionsInit }[] = []
    const listeners = new Set<(event: MessageEvent) => void>()
    const subscription = {
      options: {},
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe: async () => true,
    }
    const win = {
      navigator: {
        userAgent,
        maxTouchPoints: 5,
        serviceWorker: {
          ready: Promise.resolve({
            pushManager: {
              getSubscription: async () => null,
              subscribe: async (options: PushSubscriptionOptionsInit) => {
                subscribed.push({ options })
                return subscription
              },
            },
          }),
          addEventListener: (_type: string, listen: (event: MessageEvent) => void) => listeners.add(listen),
          removeEventListener: (_type: string, listen: (event: MessageEvent) => void) =>
            listeners.delete(listen),
        },
      },
      ...(push ? { PushManager: class {} } : {}),
      Notification: { permission: 'default', requestPermission: async () => permission },
      matchMedia: () => ({ matches: false }),
      setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
      clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
      localStorage: window.localStorage,
    }
    const post = (data: unknown) => listeners.forEach((listen) => listen({ data } as MessageEvent))
    return { browser: browserPush(win as never), win: win as never as Window, subscribed, post }
  }

  test('asks permission, then subscribes for visible notifications with the server’s key; a refusal is said in Spanish, with what to do', async () => {
    const { browser, subscribed } = fakeWindow()
    await browser.subscribe(PUBLIC_KEY)
    expect(subscribed).toEqual([
      { options: { userVisibleOnly: true, applicationServerKey: keyBytes(PUBLIC_KEY) } },
    ])
    expect(keyBytes(PUBLIC_KEY)).toHaveLength(65)
    const refused = fakeWindow({ permission: 'denied' })
    await expect(refused.browser.subscribe(PUBLIC_KEY)).rejects.toThrow(
      /Bloqueaste las notificaciones de este sitio/,
    )
    expect(refused.subscribed).toEqual([])
  })

  test('an iPhone in Safari without the Push API is told to add the inbox to the home screen', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1'
    expect(fakeWindow({ userAgent: iphone, push: false }).browser.support()).toBe('ios-home-screen')
    expect(fakeWindow({ push: false }).browser.support()).toBe('unsupported')
    expect(fakeWindow().browser.support()).toBe('ok')
  })

  test('a test counts as arrived only when the service worker posts its own nonce', async () => {
    const { browser, post } = fakeWindow()
    const waiting = browser.waitForTest('aquapuebla/test/abc/d1', 5000)
    post({ type: 'aviso-de-prueba', nonce: 'another' })
    post({ type: 'aviso-de-prueba', nonce: 'aquapuebla/test/abc/d1' })
    await expect(waiting).resolves.toBe(true)
    await expect(fakeWindow().browser.waitForTest('never', 10)).resolves.toBe(false)
  })

  test('the list hears of every notice the worker shows but a test, until the page stops listening', () => {
    const { win, post } = fakeWindow()
    const heard = jest.fn()
    const stop = onNoticeShown(heard, win)
    post({ type: 'aviso-de-prueba', nonce: 'aquapuebla/test/abc/d1' })
    post({ type: 'aviso-mostrado', kind: 'lead' })
    stop()
    post({ type: 'aviso-mostrado', kind: 'reminder' })
    expect(heard).toHaveBeenCalledTimes(1)
    expect(onNoticeShown(heard, { navigator: {} } as Window)()).toBeUndefined()
  })
})
