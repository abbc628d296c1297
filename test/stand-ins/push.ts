/**
 * A stand-in for a browser's push service (RFC 8030) and the devices behind it, on loopback: what FCM (Chrome,
 * Android) and Mozilla's autopush (Firefox) do with a Web Push request, errors included, so the push channel
 * (edge/leads/push.ts) is tested against what it meets in the world. Used by the unit tests, the Pages-stack tests
 * and `npm start` (PUSH_STAND_IN=1, scripts/start.ts).
 *
 * `subscribe()` plays the browser's PushManager.subscribe(): a device with its own P-256 key pair and 16-byte auth
 * secret (Node's crypto, as a browser makes them), tied to the application server key it subscribed with, and an
 * endpoint here. The service checks each request as the real ones do:
 *   - `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT whose signature verifies with `k`, `aud`
 *     this service's origin (as https: see edge/leads/push.ts, pushRequest), `exp` in the future and at most 24 h
 *     ahead, `sub` a mailto: or https: URL; else 401 (autopush); `k` not the key the device subscribed with: 403
 *     (FCM: "the credentials used to create the subscription do not match");
 *   - `Content-Encoding: aes128gcm` (RFC 8291) and a TTL header, else 400; a body over 4096 bytes: 413;
 *   - then, by the device's `mode`: 201 with a Location (delivered), 404 or 410 (gone: as FCM answers an
 *     unsubscribed device, and autopush an expired one), 429 or 503 with Retry-After, 500, or no answer (hang).
 * A delivered message is DECRYPTED with the device's private key and auth secret by `http_ece` (Martin Thomson's
 * reference implementation of RFC 8188, independent of the library that encrypted it) and kept with its headers
 * and the JWT's claims, as the device would show it.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'

export type PushMode = 'ok' | 'gone-404' | 'gone-410' | 'busy-429' | 'down-503' | 'fail-500' | 'hang'

export interface PushedMessage {
  device: string
  status: number
  headers: Record<string, string | undefined>
  /** The VAPID JWT's claims, when its signature verified. */
  claims: { aud?: string; exp?: number; sub?: string } | null
  /** The decrypted payload, parsed as JSON (the notice), when delivered. */
  payload: Record<string, unknown> | null
  /** How many bytes travelled (aes128gcm, padded). */
  size: number
}

export interface StandInDevice {
  id: string
  /** What PushSubscription.toJSON() gives the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  mode: PushMode
  /** Seconds to say in Retry-After for 429 and 503. */
  retryAfter: number
}

export interface PushStandIn {
  origin: string
  devices: Map<string, StandInDevice>
  /** Every request, in order (refused ones too). */
  requests: PushedMessage[]
  /** The messages delivered to devices, decrypted. */
  delivered: PushedMessage[]
  /** A new device subscribed with this application server key (base64url, as the page passes it). */
  subscribe(applicationServerKey: string): StandInDevice
  /** Called with each delivered message (npm start prints them). */
  onDelivered?: (message: PushedMessage) => void
  waitUntil(test: (standIn: PushStandIn) => boolean, timeoutMs?: number): Promise<void>
  reset(): void
  close(): Promise<void>
}

const b64url = (bytes: Buffer) => bytes.toString('base64url')

/** The claims of a VAPID JWT whose ES256 signature verifies with the raw P-256 public key `k`, else null. */
function verifiedClaims(jwt: string, k: string): PushedMessage['claims'] {
  const [head = '', body = '', signature = ''] = jwt.split('.')
  const raw = Buffer.from(k, 'base64url')
  if (raw.length !== 65) return null
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  })
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    return header.alg === 'ES256' && ok
      ? (JSON.parse(Buffer.from(body, 'base64url').toString()) as PushedMessage['claims'])
      : null
  } catch {
    return null
  }
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const hanging = new Set<ServerResponse>()
  const secrets = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; serverKey: string }>()
  let port = 0
  const standIn = { devices: new Map(), requests: [], delivered: [] } as unknown as PushStandIn

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? ''
      const device = standIn.devices.get(id)
      const secret = secrets.get(id)
      const header = (name: string) => {
        const value = req.headers[name]
        return Array.isArray(value) ? value.join(', ') : value
      }
      const seen: PushedMessage = {
        device: id,
        status: 0,
        headers: Object.fromEntries(
          ['authorization', 'content-encoding', 'ttl', 'urgency', 'topic', 'content-type'].map((name) => [
            name,
            header(name),
          ]),
        ),
        claims: null,
        payload: null,
        size: body.length,
      }
      standIn.requests.push(seen)
      const reply = (status: number, text = '', headers: Record<string, string> = {}) => {
        seen.status = status
        res.writeHead(status, { 'Content-Type': 'text/plain', ...headers }).end(text)
      }
      if (req.method !== 'POST') return reply(405)
      // An endpoint this service never issued, or one the browser dropped: as FCM says it.
      if (!device || !secret) return reply(404, 'NotFound: no such subscription')
      const vapid = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header('authorization') ?? '')
      const claims = vapid ? verifiedClaims(vapid[1] ?? '', vapid[2] ?? '') : null
      seen.claims = claims
      const now = Math.floor(Date.now() / 1000)
      if (
        !claims ||
        claims.aud !== `https://127.0.0.1:${port}` ||
        typeof claims.exp !== 'number' ||
        claims.exp <= now ||
        claims.exp > now + 24 * 3600 ||
        !/^(mailto:|https:)/.test(claims.sub ?? '')
      )
        return reply(401, 'Unauthorized: invalid VAPID JWT')
      if (vapid?.[2] !== secret.serverKey)
        return reply(403, 'the credentials used to create the subscription do not match')
      if (header('content-encoding') !== 'aes128gcm' || !/^\d+$/.test(header('ttl') ?? ''))
        return reply(400, 'aes128gcm and a TTL header are required')
      if (body.length > 4096) return reply(413, 'payload too large')
      switch (device.mode) {
        case 'hang':
          seen.status = -1
          return void hanging.add(res)
        case 'gone-404':
          return reply(404, 'NotFound: subscription expired or unsubscribed')
        case 'gone-410':
          return reply(410, 'Gone: subscription is no longer valid')
        case 'busy-429':
          return reply(429, 'Too many requests', { 'Retry-After': String(device.retryAfter) })
        case 'down-503':
          return reply(503, 'Service unavailable', { 'Retry-After': String(device.retryAfter) })
        case 'fail-500':
          return reply(500, 'Internal error')
      }
      const plain = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: secret.ecdh,
        authSecret: secret.auth,
      })
      seen.payload = JSON.parse(plain.toString('utf8')) as Record<string, unknown>
      standIn.delivered.push(seen)
      reply(201, '', { Location: `${standIn.origin}/message/${standIn.delivered.length}` })
      standIn.onDelivered?.(seen)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`

  return Object.assign(standIn, {
    origin,
    subscribe(applicationServerKey: string) {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const id = b64url(randomBytes(12))
      secrets.set(id, { ecdh, auth, serverKey: applicationServerKey.replace(/=+$/, '') })
      const device: StandInDevice = {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
        mode: 'ok',
        retryAfter: 1,
      }
      standIn.devices.set(id, device)
      return device
    },
    async waitUntil(test: (s: PushStandIn) => boolean, timeoutMs = 10_000) {
      const started = Date.now()
      while (!test(standIn)) {
        if (Date.now() - started > timeoutMs)
          throw new Error(
            `the push stand-in did not get what was expected in ${timeoutMs} ms: ${standIn.requests.length} requests, ${standIn.delivered.length} delivered`,
          )
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    reset() {
      standIn.requests.length = 0
      standIn.delivered.length = 0
      standIn.devices.clear()
      secrets.clear()
    },
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((res) => res.destroy())
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}
