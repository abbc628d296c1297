/**
 * The browser's side of the owner's push notifications (issue 42): the inbox's service worker (sw.ts, scope
 * /admin/solicitudes/ only), this device's subscription (PushManager, with the server's VAPID public key), the
 * notification permission, and the message the worker sends when a test arrives. Everything goes through a
 * `BrowserPush`, so the unit tests stand the browser's APIs in (test/unit/inbox-push.test.tsx): a real browser
 * can only subscribe through its vendor's push service, which tests cannot reach.
 */
import {
  INBOX_SCOPE,
  SERVICE_WORKER_URL,
  type PushDeviceRequest,
  type PushNoticeShown,
  type PushTestArrived,
} from '../../contract/push'

/** What this browser can do about push, in the order the panel checks it. */
export type PushSupport =
  /** Push works here (or may, once permitted). */
  | 'ok'
  /** The owner blocked notifications for this site: only the browser's settings can undo it. */
  | 'denied'
  /** An iPhone or iPad in Safari's tab: push exists there only for an app added to the home screen. */
  | 'ios-home-screen'
  /** No service worker or no Push API (an old browser, a private window in some). */
  | 'unsupported'

export interface BrowserPush {
  support(): PushSupport
  /** This device's current subscription, if it has one. */
  current(): Promise<PushDeviceRequest['subscription'] | null>
  /** Asks for permission (the browser's own question) and subscribes; throws a Spanish message if refused. */
  subscribe(publicKey: string): Promise<PushDeviceRequest['subscription']>
  unsubscribe(): Promise<void>
  /** Resolves true when the service worker says the test `nonce` arrived, false after `timeoutMs`. */
  waitForTest(nonce: string, timeoutMs: number): Promise<boolean>
  /** The id the server gave this device (kept in localStorage; null where storage is blocked). */
  deviceId(): string | null
  rememberDevice(id: string | null): void
}

const DEVICE_KEY = 'aquapuebla-avisos-dispositivo'

/** The VAPID key as PushManager wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  )
  return Uint8Array.from(text, (char) => char.charCodeAt(0))
}

/** Registers the inbox's service worker, once the page has loaded (it never competes with the first lead). */
export function registerServiceWorker(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return
  const register = () =>
    win.navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: INBOX_SCOPE, type: 'classic', updateViaCache: 'none' })
      .catch((error: unknown) => console.error('the inbox service worker could not be registered', error))
  if (win.document.readyState === 'complete') void register()
  else win.addEventListener('load', () => void register(), { once: true })
}

/**
 * Calls `listener` each time the inbox's service worker says it showed a notice other than a test (a new lead, a
 * reminder, the digest) while this page is open; returns what stops listening. Nothing where there is no worker.
 */
export function onNoticeShown(listener: () => void, win: Window = window): () => void {
  const worker = win.navigator.serviceWorker as ServiceWorkerContainer | undefined
  if (!worker) return () => undefined
  const listen = (event: MessageEvent) => {
    if ((event.data as Partial<PushNoticeShown> | null)?.type === 'aviso-mostrado') listener()
  }
  worker.addEventListener('message', listen)
  return () => worker.removeEventListener('message', listen)
}

const subscriptionJson = (subscription: PushSubscription) =>
  subscription.toJSON() as PushDeviceRequest['subscription']

/** The real browser's. */
export function browserPush(win: Window & typeof globalThis = window): BrowserPush {
  const { navigator } = win
  const registration = () => navigator.serviceWorker.ready
  return {
    support() {
      const ios =
        /iPhone|iPad|iPod/.test(navigator.userAgent) ||
        (navigator.maxTouchPoints > 1 && /Macintosh/.test(navigator.userAgent))
      const standalone =
        win.matchMedia?.('(display-mode: standalone)').matches === true ||
        (navigator as Navigator & { standalone?: boolean }).standalone === true
      if (!('serviceWorker' in navigator) || !('PushManager' in win) || !('Notification' in win))
        return ios && !standalone ? 'ios-home-screen' : 'unsupported'
      return win.Notification.permission === 'denied' ? 'denied' : 'ok'
    },
    async current() {
      const subscription = await (await registration()).pushManager.getSubscription()
      return subscription ? subscriptionJson(subscription) : null
    },
    async subscribe(publicKey) {
      const permission = await win.Notification.requestPermission()
      if (permission !== 'granted')
        throw new Error(
          permission === 'denied'
            ? 'Bloqueaste las notificaciones de este sitio. Actívalas en los ajustes del navegador y vuelve a intentarlo.'
            : 'No diste permiso para las notificaciones. Vuelve a tocar el botón y elige «Permitir».',
        )
      const pushManager = (await registration()).pushManager
      const key = keyBytes(publicKey)
      const existing = await pushManager.getSubscription()
      // Subscribed before with another key (the server's keys changed): that subscription no longer works.
      if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe()
      return subscriptionJson(
        await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      )
    },
    async unsubscribe() {
      await (await (await registration()).pushManager.getSubscription())?.unsubscribe()
    },
    waitForTest(nonce, timeoutMs) {
      return new Promise((resolve) => {
        const done = (arrived: boolean) => {
          navigator.serviceWorker.removeEventListener('message', listen)
          win.clearTimeout(timer)
          resolve(arrived)
        }
        const listen = (event: MessageEvent) => {
          const data = event.data as Partial<PushTestArrived> | null
          if (data?.type === 'aviso-de-prueba' && data.nonce === nonce) done(true)
        }
        const timer = win.setTimeout(() => done(false), timeoutMs)
        navigator.serviceWorker.addEventListener('message', listen)
      })
    },
    deviceId() {
      try {
        return win.localStorage.getItem(DEVICE_KEY)
      } catch {
        return null
      }
    },
    rememberDevice(id) {
      try {
        if (id) win.localStorage.setItem(DEVICE_KEY, id)
        else win.localStorage.removeItem(DEVICE_KEY)
      } catch {
        // Storage blocked: the server still knows this device by its endpoint (a second «Activar» updates it).
      }
    },
  }
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false
  const bytes = new Uint8Array(a)
  return bytes.every((byte, at) => byte === b[at])
}
