/**
 * The inbox's service worker (issue 42, 2-4), built to /admin/solicitudes/sw.js (vite.inbox.config.ts) and
 * registered by the inbox alone, with the inbox's scope: the public pages have none and their bytes do not change
 * (decision 045). What it does:
 *   1. the shell offline: the page, its script, style, manifest and icons are kept at install (BUILD, written by
 *      the build) and served from the cache; the page itself network-first, so a new build is seen at once when
 *      online. The API (/api/) is never touched here: no lead list is ever kept or shown from a cache (personal
 *      data on the device, and a stale list shown as if fresh); offline the page says «Sin conexión» (app.tsx);
 *   2. a push (edge/leads/push-notice.ts's PushNotice): its notification, an emergency's kept on screen until the
 *      owner acts (requireInteraction); the tag replaces a second copy of the same notification. Once shown, it
 *      tells the open inbox pages: a test from the «Avisos» panel that it arrived (its nonce), any other notice
 *      that their list may have news (use-inbox.ts reads it again);
 *   3. a tap: the lead in the inbox (`?solicitud=<id>`), in the inbox's window if one is open, else a new one;
 *   4. a subscription the browser renews (pushsubscriptionchange): given to the server in place of the old one.
 * Its own tsconfig (./tsconfig.sw.json): the WebWorker library's types, not the DOM's.
 */
import type { PushDeviceRequest, PushNotice, PushNoticeShown, PushTestArrived } from '../../contract/push'

declare const self: ServiceWorkerGlobalScope

/** The build's files and version (vite.inbox.config.ts replaces the placeholder with JSON). */
const BUILD = JSON.parse('__INBOX_BUILD__') as { version: string; files: string[] }
const CACHE_PREFIX = 'bandeja-'
const CACHE = `${CACHE_PREFIX}${BUILD.version}`
const SCOPE = new URL(self.registration.scope).pathname

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(BUILD.files))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return
  // The page: the network first (a new build at once), the kept shell offline.
  if (event.request.mode === 'navigate' && url.pathname.startsWith(SCOPE)) {
    event.respondWith(
      fetch(event.request).catch(
        async () => (await caches.match(SCOPE, { cacheName: CACHE })) ?? Response.error(),
      ),
    )
    return
  }
  // The shell's files (hashed names: a name's bytes never change): the cache first.
  if (BUILD.files.includes(url.pathname))
    event.respondWith(
      caches.match(url.pathname, { cacheName: CACHE }).then((hit) => hit ?? fetch(event.request)),
    )
  // Everything else, the API above all, goes to the network as if there were no service worker.
})

/** What a push says; one that cannot be read still shows something (a push must show a notification). */
function noticeOf(data: PushMessageData | null): PushNotice {
  try {
    const notice = data?.json() as Partial<PushNotice> | undefined
    if (notice?.v === 1 && typeof notice.title === 'string') return notice as PushNotice
  } catch {
    // Not JSON: the generic notice below.
  }
  return {
    v: 1,
    kind: 'unknown',
    title: 'Novedades en tu bandeja',
    body: '',
    url: SCOPE,
    tag: 'novedades',
    urgent: false,
  }
}

self.addEventListener('push', (event) => {
  const notice = noticeOf(event.data)
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        data: { url: notice.url },
        requireInteraction: notice.urgent,
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        lang: 'es-MX',
        dir: 'ltr',
        timestamp: Date.now(),
      } as NotificationOptions)
      // The open inbox hears of it once it is on screen: a test's nonce, or news for its list.
      const said: PushTestArrived | PushNoticeShown = notice.test
        ? { type: 'aviso-de-prueba', nonce: notice.test }
        : { type: 'aviso-mostrado', kind: notice.kind }
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
        client.postMessage(said)
    })(),
  )
})

/** Where a tap goes: a path inside the inbox, or the inbox itself. */
function target(data: unknown): string {
  const url = new URL(String((data as { url?: unknown } | null)?.url ?? SCOPE), self.location.origin)
  return url.origin === self.location.origin && url.pathname.startsWith(SCOPE)
    ? url.href
    : new URL(SCOPE, self.location.origin).href
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = target(event.notification.data)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(SCOPE))
      if (open) {
        // Brought forward (the tap allows it), then moved to the lead; a window this worker does not control
        // yet cannot be moved: then a window of its own.
        await open.focus().catch(() => undefined)
        if (await open.navigate(url).catch(() => null)) return
      }
      await self.clients.openWindow(url)
    })(),
  )
})

/** The event browsers fire when they renew a subscription (not in TypeScript's WebWorker types yet). */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null
  readonly newSubscription: PushSubscription | null
}

async function renew(change: PushSubscriptionChangeEvent): Promise<void> {
  const session = await fetch('/api/inbox/session', { credentials: 'same-origin', cache: 'no-store' })
  if (!session.ok) return // Signed out: the «Avisos» panel says the device stopped, and it is turned on again there.
  const { csrf } = (await session.json()) as { csrf: string }
  const fresh =
    change.newSubscription ??
    (change.oldSubscription
      ? await self.registration.pushManager.subscribe(change.oldSubscription.options)
      : null)
  if (!fresh) return
  const body: PushDeviceRequest = {
    name: '',
    subscription: fresh.toJSON() as PushDeviceRequest['subscription'],
    ...(change.oldSubscription ? { replaces: change.oldSubscription.endpoint } : {}),
  }
  await fetch('/api/inbox/avisos', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
    body: JSON.stringify(body),
  })
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent
  change.waitUntil(renew(change))
})
