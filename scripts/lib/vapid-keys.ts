/**
 * The VAPID key pair of the push channel (RFC 8292; edge/leads/push.ts): made with WebCrypto (ECDSA P-256), kept in
 * a .dev.vars file locally and as Cloudflare secrets live (scripts/push-keys.ts, decision 044).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { parseDevVars } from '../hosts/dev-vars'

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/** A new key pair: the public key as the raw P-256 point (65 bytes), the private one as its scalar d (32). */
export async function newVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey)
  const [x, y] = [jwk.x, jwk.y].map((coordinate) => Buffer.from(coordinate ?? '', 'base64url'))
  const point = Buffer.concat([Buffer.from([4]), x!, y!])
  return { publicKey: b64url(point), privateKey: jwk.d ?? '' }
}

/**
 * The pair in `file` (a .dev.vars), made and appended there when it has none; `made` says which. The file is
 * created when missing.
 */
export async function vapidKeysIn(file: string) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const vars = parseDevVars(text)
  if (vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY)
    return { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY, made: false }
  const keys = await newVapidKeys()
  appendFileSync(
    file,
    `${text && !text.endsWith('\n') ? '\n' : ''}# Web Push (npm run push:keys, docs/push.md): keep them; a new pair means turning notifications on again on every device.\nVAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`,
    { mode: 0o600 },
  )
  return { ...keys, made: true }
}
