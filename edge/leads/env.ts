/**
 * The lead endpoint's and the schedule's settings: Cloudflare bindings and variables (Pages → Settings →
 * Variables and Secrets; the schedule Worker's own). Every channel and check is off until its variables
 * are set. docs/leads.md lists them for a deployer.
 */
import type { D1Database } from './d1'

export interface LeadEnv {
  /** The D1 database with migrations/ applied. */
  DB: D1Database
  /** Secret mixed into the hash of a client address (rate limit); without it the limit still works. */
  LEAD_HASH_SECRET?: string
  /** Requests one address may send per window (default 10) and the window in seconds (default 600). */
  LEAD_RATE_LIMIT?: string
  LEAD_RATE_WINDOW_SECONDS?: string
  /** Faster than this between opening the form and sending it is a robot (ms, default 3000). */
  LEAD_MIN_FILL_MS?: string
  /** The backoff's unit, one minute (ms); only tests shorten it. */
  LEAD_RETRY_UNIT_MS?: string
  /** Leads older than this many days are deleted by the schedule (default 730). */
  LEAD_RETENTION_DAYS?: string
  /** E-mail through a Resend-compatible HTTP API: all four set = on. */
  EMAIL_API_URL?: string
  EMAIL_API_KEY?: string
  EMAIL_FROM?: string
  /** One address or several, comma-separated. */
  EMAIL_TO?: string
  /** A JSON POST per lead (Slack incoming webhook, Make, n8n, Zapier): set = on. */
  LEAD_WEBHOOK_URL?: string
  /** Other origins whose pages may post here (a site on Apache, nginx or Netlify), comma-separated. */
  ALLOWED_ORIGINS?: string
  /** Cloudflare Turnstile: with the secret set, every lead needs a valid token. */
  TURNSTILE_SECRET_KEY?: string
  /** Only tests point this elsewhere. */
  TURNSTILE_VERIFY_URL?: string
  /** Where the no-JavaScript answer page links back to (default: this origin). */
  SITE_URL?: string
}

export type Channel = 'email' | 'webhook'

/** The channels whose variables are all set. */
export function channelsOf(env: LeadEnv): Channel[] {
  const channels: Channel[] = []
  if (env.EMAIL_API_URL && env.EMAIL_API_KEY && env.EMAIL_FROM && env.EMAIL_TO) channels.push('email')
  if (env.LEAD_WEBHOOK_URL) channels.push('webhook')
  return channels
}

/** A positive number from a variable, or the default when unset or not a number. */
export function numberSetting(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed >= 0
    ? parsed
    : fallback
}

export const settings = (env: LeadEnv) => ({
  rateLimit: numberSetting(env.LEAD_RATE_LIMIT, 10),
  rateWindowSeconds: Math.max(1, numberSetting(env.LEAD_RATE_WINDOW_SECONDS, 600)),
  minFillMs: numberSetting(env.LEAD_MIN_FILL_MS, 3000),
  retentionDays: Math.max(1, numberSetting(env.LEAD_RETENTION_DAYS, 730)),
})
