/**
 * A fixed-window limit per client, counted in D1 (rate_limits): Pages Functions have no rate-limit binding
 * (decision 022). The client is its bucket (edge/leads/address.ts: an IPv4 address, an IPv6 /64, and with a looser
 * limit the IPv6 /48 around it), and the
 * bucket is never stored: only an HMAC of it, keyed with LEAD_HASH_SECRET or, without it, a random key
 * created once and kept in D1 (lead_settings), so a stored hash cannot be reversed from the code alone.
 */
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number }

const encoder = new TextEncoder()

/** HMAC-SHA-256 of the bucket with the key, hex; the same bucket always gives the same hash. */
export async function hashBucket(bucket: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`aquapuebla-leads:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(bucket))
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

const keptSecrets = new WeakMap<D1Database, Promise<string>>()

/**
 * The hash key: LEAD_HASH_SECRET, or the database's own random key, created by the first request that needs it
 * (the INSERT is a no-op for every later one, so two first requests at once agree) and cached per isolate.
 */
export function hashSecret(db: D1Database, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured)
  let kept = keptSecrets.get(db)
  if (!kept) {
    const fresh = [...crypto.getRandomValues(new Uint8Array(32))]
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('')
    kept = retryBusy(
      async () => {
        await db
          .prepare(
            "INSERT INTO lead_settings (name, value) VALUES ('hash-secret', ?1) ON CONFLICT (name) DO NOTHING",
          )
          .bind(fresh)
          .run()
        const row = await db
          .prepare("SELECT value FROM lead_settings WHERE name = 'hash-secret'")
          .first<{ value: string }>()
        if (!row) throw new Error('lead_settings has no hash-secret')
        return row.value
      },
      { what: 'the hash key' },
    )
    keptSecrets.set(db, kept)
    kept.catch(() => keptSecrets.delete(db))
  }
  return kept
}

/**
 * Counts this request in the window of each of its buckets (hashed: its own, and an IPv6 client's /48) in one
 * batch, and says whether it is allowed: the first `limit` requests of a window pass (`wideLimit` for a /48);
 * past either, the client is told when the window ends.
 */
export async function checkRateLimit(
  db: D1Database,
  buckets: { hash: string; wide: boolean }[],
  {
    limit,
    wideLimit,
    windowSeconds,
    now,
  }: { limit: number; wideLimit: number; windowSeconds: number; now: Date },
): Promise<RateVerdict> {
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const windowStart = nowSeconds - (nowSeconds % windowSeconds)
  const results = await retryBusy(
    () =>
      db.batch<{ hits: number }>(
        buckets.map(({ hash }) =>
          db
            .prepare(
              `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?1, ?2, 1)
               ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + 1
               RETURNING hits`,
            )
            .bind(hash, windowStart),
        ),
      ),
    { what: 'the rate limit' },
  )
  const over = buckets.some(
    ({ wide }, index) => (results[index]?.results?.[0]?.hits ?? 1) > (wide ? wideLimit : limit),
  )
  if (!over) return { ok: true }
  return { ok: false, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - nowSeconds) }
}
