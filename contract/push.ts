/**
 * Web Push as both sides see it (issue 42): what a push message carries to the inbox's service worker
 * (edge/leads/push-notice.ts writes it, src/inbox/sw.ts shows it), and the JSON of the inbox's «Avisos» routes
 * (edge/inbox/push-devices.ts answers, src/inbox/push-client.ts asks).
 */

/**
 * One push message, as the service worker receives it once decrypted: exactly what the notification shows and
 * where a tap goes. Small (a push service takes 4 KB) and with no personal data beyond what the notification
 * shows (the client's name and service); `url` is a path of the inbox with the lead's id only.
 */
export interface PushNotice {
  v: 1
  kind: string
  title: string
  body: string
  /** `/admin/solicitudes/?solicitud=<id>`, or the inbox itself. */
  url: string
  /** The same for every attempt of one notification: a second copy replaces the first instead of stacking. */
  tag: string
  /** An emergency: it stays on screen until the owner acts (requireInteraction), where the platform allows. */
  urgent: boolean
  /** A test from the «Avisos» panel: its nonce, which the service worker hands back to the open page. */
  test?: string
}

/** One device in the «Avisos» panel: never its endpoint or keys. */
export interface PushDevice {
  id: string
  name: string
  createdBy: string
  createdAt: string
  lastSuccessAt: string | null
  lastError: string | null
  lastErrorAt: string | null
}

/** GET /api/inbox/avisos: the key a browser subscribes with (null: push is off on the server) and the devices. */
export interface PushDevicesAnswer {
  publicKey: string | null
  devices: PushDevice[]
}

/** POST /api/inbox/avisos: the browser's subscription (PushSubscription.toJSON()) and the owner's name for it. */
export interface PushDeviceRequest {
  name: string
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  /** The endpoint this one renews (the browser changed its subscription: pushsubscriptionchange). */
  replaces?: string
}

/** POST /api/inbox/avisos/:id/prueba → whether the push service took the test, and the nonce it carries. */
export interface PushTestAnswer {
  sent: boolean
  nonce: string
  /** Why not, in Spanish, when not sent. */
  error?: string
}

/** What the service worker tells an open inbox page: a test arrived (its nonce). */
export interface PushTestArrived {
  type: 'aviso-de-prueba'
  nonce: string
}

/** What the service worker tells an open inbox page after it showed any other notice: the list may have news. */
export interface PushNoticeShown {
  type: 'aviso-mostrado'
  kind: string
}

/** Where the service worker lives and what it controls (its scope): the inbox alone. */
export const INBOX_SCOPE = '/admin/solicitudes/'
export const SERVICE_WORKER_URL = `${INBOX_SCOPE}sw.js`
