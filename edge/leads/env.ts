/**
 * The lead endpoint's and the schedule's settings: Cloudflare bindings and variables (Pages → Settings →
 * Variables and Secrets; the schedule Worker's own). Every channel and check is off until its variables
 * are set; every number has a default a small company never needs to change. docs/leads.md lists them.
 */
import type { D1Database } from './d1'

export interface LeadEnv {
  /** The D1 database with migrations/ applied. */
  DB: D1Database
  /** Pages' static assets (the built site); the no-JavaScript answer pages read the company's links there. */
  ASSETS?: { fetch(request: Request | string): Promise<Response> }
  /**
   * Secret key of the client-address hash (rate limit). Without it a random key is created once and kept in
   * D1 (lead_settings), so a bucket can never be reversed from the code alone.
   */
  LEAD_HASH_SECRET?: string
  /** Requests one client (an IPv4 address, an IPv6 /64) may send per window (default 10) and the window (600 s). */
  LEAD_RATE_LIMIT?: string
  LEAD_RATE_WINDOW_SECONDS?: string
  /** Requests one IPv6 /48 (a household's or an office's whole allocation) may send per window (default 30). */
  LEAD_RATE_LIMIT_IPV6_48?: string
  /**
   * Site-wide: leads stored per hour without a passed Turnstile check (default 300); past it the endpoint answers
   * 503 with the phone and WhatsApp. A lead that passed Turnstile is stored whatever this count.
   */
  LEAD_STORE_PER_HOUR?: string
  /** Site-wide: spam (honeypot, failed Turnstile) stored per hour (default 20); past it counted, not stored. */
  LEAD_SPAM_STORE_PER_HOUR?: string
  /** Site-wide: leads alerted one by one per hour (default 10); past it they go into the next digest. */
  LEAD_ALERTS_PER_HOUR?: string
  /**
   * Site-wide: leads alerted one by one in any 24 hours (default 30; a real day has a few): past it they go into
   * the hourly digests, so a day of flood does not spend the send budget on single alerts by the afternoon.
   */
  LEAD_ALERTS_PER_DAY?: string
  /** Site-wide: emergencies alerted one by one per hour above LEAD_ALERTS_PER_HOUR (default 5). */
  LEAD_URGENT_ALERTS_PER_HOUR?: string
  /** The least time between two digests (minutes, default 60); the first comes at the next run of the schedule. */
  LEAD_DIGEST_MINUTES?: string
  /** Every channel's send budget (default 20 an hour, 90 a day: a free e-mail plan's 100 with room to spare). */
  LEAD_SENDS_PER_HOUR?: string
  LEAD_SENDS_PER_DAY?: string
  /** One channel's own budget, instead of the two above (edge/leads/email.ts, webhook.ts, push.ts). */
  EMAIL_SENDS_PER_HOUR?: string
  EMAIL_SENDS_PER_DAY?: string
  LEAD_WEBHOOK_SENDS_PER_HOUR?: string
  LEAD_WEBHOOK_SENDS_PER_DAY?: string
  PUSH_SENDS_PER_HOUR?: string
  PUSH_SENDS_PER_DAY?: string
  /** Faster than this between the first keystroke and the send is noted on the lead (ms, default 3000). */
  LEAD_MIN_FILL_MS?: string
  /** Leads are deleted this many days after they arrived (default 730). */
  LEAD_RETENTION_DAYS?: string
  /** Spam is deleted this many days after it arrived (default 30). */
  LEAD_SPAM_RETENTION_DAYS?: string
  /** The hour of the morning (Mexico City) from which the daily summary of the day before is sent (default 8). */
  LEAD_SUMMARY_HOUR?: string
  /** Tests only: the backoff's unit, one minute (ms). */
  LEAD_RETRY_UNIT_MS?: string
  /** Tests only: a clock to ask the time (test/stand-ins/clock.ts), so a test can move it forward. */
  LEAD_TEST_CLOCK_URL?: string
  /** E-mail through a Resend-compatible HTTP API: all four set = on. */
  EMAIL_API_URL?: string
  EMAIL_API_KEY?: string
  EMAIL_FROM?: string
  /** One address or several, comma-separated. */
  EMAIL_TO?: string
  /** A JSON POST per notification (Slack incoming webhook, Make, n8n, Zapier): set = on. */
  LEAD_WEBHOOK_URL?: string
  /**
   * Web Push to the owner's devices (./push.ts): the VAPID key pair (`npm run push:keys`; the private one a
   * secret), on once both are set and a device is subscribed in the inbox's «Avisos» panel.
   */
  VAPID_PUBLIC_KEY?: string
  VAPID_PRIVATE_KEY?: string
  /** VAPID's contact (`mailto:…` or `https://…`); default SITE_URL's origin. */
  VAPID_SUBJECT?: string
  /** Other origins whose pages may post here (a site on Apache, nginx or Netlify), comma-separated. */
  ALLOWED_ORIGINS?: string
  /** Cloudflare Turnstile: with the secret set, every lead needs a valid token. */
  TURNSTILE_SECRET_KEY?: string
  /** Tests only: siteverify's stand-in. */
  TURNSTILE_VERIFY_URL?: string
  /** The site's address: the no-JavaScript pages' links and the inbox link in every notification. */
  SITE_URL?: string
}

/** A non-negative number from a variable, or the default when unset or not a number. */
export function numberSetting(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed >= 0
    ? parsed
    : fallback
}

export const DEFAULTS = {
  rateLimit: 10,
  rateLimit48: 30,
  rateWindowSeconds: 600,
  storePerHour: 300,
  spamStorePerHour: 20,
  alertsPerHour: 10,
  alertsPerDay: 30,
  urgentAlertsPerHour: 5,
  digestMinutes: 60,
  sendsPerHour: 20,
  sendsPerDay: 90,
  minFillMs: 3000,
  retentionDays: 730,
  spamRetentionDays: 30,
  summaryHour: 8,
} as const

export const settings = (env: LeadEnv) => ({
  rateLimit: numberSetting(env.LEAD_RATE_LIMIT, DEFAULTS.rateLimit),
  rateLimit48: numberSetting(env.LEAD_RATE_LIMIT_IPV6_48, DEFAULTS.rateLimit48),
  rateWindowSeconds: Math.max(1, numberSetting(env.LEAD_RATE_WINDOW_SECONDS, DEFAULTS.rateWindowSeconds)),
  storePerHour: Math.floor(numberSetting(env.LEAD_STORE_PER_HOUR, DEFAULTS.storePerHour)),
  spamStorePerHour: Math.floor(numberSetting(env.LEAD_SPAM_STORE_PER_HOUR, DEFAULTS.spamStorePerHour)),
  alertsPerHour: Math.floor(numberSetting(env.LEAD_ALERTS_PER_HOUR, DEFAULTS.alertsPerHour)),
  alertsPerDay: Math.floor(numberSetting(env.LEAD_ALERTS_PER_DAY, DEFAULTS.alertsPerDay)),
  urgentAlertsPerHour: Math.floor(
    numberSetting(env.LEAD_URGENT_ALERTS_PER_HOUR, DEFAULTS.urgentAlertsPerHour),
  ),
  digestMinutes: numberSetting(env.LEAD_DIGEST_MINUTES, DEFAULTS.digestMinutes),
  minFillMs: numberSetting(env.LEAD_MIN_FILL_MS, DEFAULTS.minFillMs),
  retentionDays: Math.max(1, numberSetting(env.LEAD_RETENTION_DAYS, DEFAULTS.retentionDays)),
  spamRetentionDays: Math.max(1, numberSetting(env.LEAD_SPAM_RETENTION_DAYS, DEFAULTS.spamRetentionDays)),
  summaryHour: Math.min(23, Math.floor(numberSetting(env.LEAD_SUMMARY_HOUR, DEFAULTS.summaryHour))),
  retryUnitMs: numberSetting(env.LEAD_RETRY_UNIT_MS, 60_000),
})

export type LeadSettings = ReturnType<typeof settings>

/** The inbox's address on SITE_URL, or null when SITE_URL is not set (the notifications then name no link). */
export function inboxUrl(env: LeadEnv): string | null {
  try {
    return env.SITE_URL ? new URL('/admin/solicitudes/', env.SITE_URL).href : null
  } catch {
    return null
  }
}
