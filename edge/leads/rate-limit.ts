/**
 * A fixed-window limit per client address, counted in D1 (rate_limits): Pages Functions have no
 * rate-limit binding (decision 022). The address is never stored: only an HMAC of it with a secret.
 */
import type { D1Database } from './d1'

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number }

const encoder = new TextEncoder()

/** HMAC-SHA-256 of the address with the secret, hex; the same address always gives the same bucket. */
export async function hashAddress(address: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`aquapuebla-leads:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(address))
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The client's address as Cloudflare reports it (CF-Connecting-IP), else a shared 'unknown' bucket. */
export function clientAddress(request: Request): string {
  return request.headers.get('CF-Connecting-IP')?.trim() || 'unknown'
}

/**
 * Counts this request in its window and says whether it is allowed: the first `limit` requests of a
 * window pass; later ones are told when the window ends.
 */
export async function checkRateLimit(
  db: D1Database,
  bucket: string,
  { limit, windowSeconds, now }: { limit: number; windowSeconds: number; now: Date },
): Promise<RateVerdict> {
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const windowStart = nowSeconds - (nowSeconds % windowSeconds)
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?1, ?2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + 1
       RETURNING hits`,
    )
    .bind(bucket, windowStart)
    .first<{ hits: number }>()
  const hits = row?.hits ?? 1
  if (hits <= limit) return { ok: true }
  return { ok: false, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - nowSeconds) }
}
