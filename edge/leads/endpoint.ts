/**
 * POST /api/leads: a quote request from the site's form. In order:
 *   1. the origin: this site's, SITE_URL's or one of ALLOWED_ORIGINS (CORS preflight answered), else 403;
 *   2. the body: at most 32 KB (413), JSON or the form's urlencoded post (415), UTF-8 and parseable (400);
 *   3. the five fields, with the form's rules and messages (422, one Spanish message per field);
 *   4. spam signals: the honeypot filled, or sent faster than LEAD_MIN_FILL_MS after the form was opened;
 *   5. the client address's rate limit (429 with Retry-After);
 *   6. Turnstile, when configured; a failed check is one more spam signal;
 *   7. stored in D1 with its notifications in one batch, keyed by the form's submission id (a retry gets
 *      the same answer and stores nothing twice): 201 { id } (200 for a retry) only once committed. Spam
 *      gets the same answer, so a robot learns nothing;
 *   8. the owner told at once, after the answer (waitUntil); what fails is retried by the schedule.
 * A post from a browser without JavaScript gets pages instead of JSON: 303 to GET /api/leads?estado=enviado
 * (a reload does not post twice), or the errors in a short Spanish page.
 */
import { leadAnswers } from '../../src/content/lead-messages'
import { allowedOrigins, contactLinks, corsHeaders, json, page } from './answer'
import { readLeadBody } from './body'
import { channelsOf, settings, type LeadEnv } from './env'
import { deliverDue } from './notify'
import { checkRateLimit, clientAddress, hashAddress } from './rate-limit'
import { storeLead, type SpamReason } from './store'
import { verifyTurnstile } from './turnstile'
import { validateLead } from './validate'

export interface LeadContext {
  request: Request
  env: LeadEnv
  /** Work that may finish after the answer (Cloudflare's context.waitUntil). */
  waitUntil(promise: Promise<unknown>): void
  now?: () => Date
}

export const SENT_STATE = 'enviado'

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return ''
  }
}

export async function handleLeads(context: LeadContext): Promise<Response> {
  const { request, env } = context
  const method = request.method.toUpperCase()
  const cors = corsHeaders(request, env)
  const origin = request.headers.get('Origin')
  const originAllowed = !origin || allowedOrigins(request, env).has(origin)

  if (method === 'OPTIONS') {
    if (!originAllowed) return new Response(null, { status: 403, headers: cors })
    return new Response(null, {
      status: 204,
      headers: {
        ...cors,
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, Accept',
        'Access-Control-Max-Age': '86400',
      },
    })
  }
  if (method === 'GET' && new URL(request.url).searchParams.get('estado') === SENT_STATE) {
    const links = contactLinks(request, env)
    return page(200, {
      title: leadAnswers.page.sentTitle,
      lines: [leadAnswers.page.sentText],
      links: [links.home],
    })
  }
  if (method !== 'POST')
    return json(405, { error: leadAnswers.unsupported }, { ...cors, Allow: 'POST, OPTIONS' })
  if (!originAllowed) return json(403, { error: leadAnswers.unsupported }, cors)
  return receive(context, cors)
}

async function receive(context: LeadContext, cors: Record<string, string>): Promise<Response> {
  const { request, env, waitUntil, now = () => new Date() } = context
  const wantsJson = /application\/json/i.test(request.headers.get('Accept') ?? '')
  const links = contactLinks(request, env)
  // JSON for the form's fetch and for any caller that asks for it; pages for a plain form post.
  const fail = (
    status: number,
    error: string,
    extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Response =>
    wantsJson || !/x-www-form-urlencoded/i.test(request.headers.get('Content-Type') ?? '')
      ? json(
          status,
          { error, ...(extra.fields ? { fields: extra.fields } : {}) },
          { ...cors, ...extra.headers },
        )
      : page(
          status,
          {
            title: leadAnswers.page.errorTitle,
            lines: [error, ...Object.values(extra.fields ?? {})],
            links: [links.form],
          },
          { ...cors, ...extra.headers },
        )

  // 2. The body.
  const body = await readLeadBody(request)
  if (!body.ok) {
    const message = { 400: leadAnswers.malformed, 413: leadAnswers.tooLarge, 415: leadAnswers.unsupported }
    return fail(body.status, message[body.status])
  }
  const html = body.kind === 'form' && !wantsJson

  // 3. The fields.
  // A post without JavaScript names no page: its Referer does, when it is one of this site's pages.
  const referer = request.headers.get('Referer')
  if (!body.fields.page && referer && allowedOrigins(request, env).has(safeOrigin(referer)))
    body.fields.page = referer
  const checked = validateLead(body.fields, () => crypto.randomUUID())
  if (!checked.ok) return fail(422, leadAnswers.invalid, { fields: checked.fields })
  const lead = checked.lead
  const config = settings(env)

  // 4. Spam signals. A JSON post (the form's fetch) always says when the form was opened.
  let spam: SpamReason | null = null
  if (lead.honeypot) spam = 'honeypot'
  else if (lead.fillMs === null ? body.kind === 'json' : lead.fillMs < config.minFillMs) spam = 'too-fast'

  // 5. The rate limit, by a keyed hash of the address.
  const address = clientAddress(request)
  try {
    const bucket = await hashAddress(address, env.LEAD_HASH_SECRET ?? '')
    const verdict = await checkRateLimit(env.DB, bucket, {
      limit: config.rateLimit,
      windowSeconds: config.rateWindowSeconds,
      now: now(),
    })
    if (!verdict.ok)
      return fail(429, leadAnswers.tooMany, { headers: { 'Retry-After': String(verdict.retryAfterSeconds) } })
  } catch (error) {
    console.error('lead rate limit failed', error)
    return fail(503, leadAnswers.unavailable)
  }

  // 6. Turnstile, when configured.
  if (!spam) {
    const turnstile = await verifyTurnstile(env, lead.turnstileToken, address)
    if (turnstile === 'failed') spam = 'turnstile'
    if (turnstile === 'unavailable') console.warn('Turnstile did not answer; lead accepted unchecked')
  }

  // 7. Stored, with its notifications, in one transaction.
  const channels = spam ? [] : channelsOf(env)
  let stored
  try {
    stored = await storeLead(env.DB, lead, { channels, spam, now: now() })
  } catch (error) {
    console.error('lead not stored', error)
    return fail(503, leadAnswers.unavailable)
  }

  // 8. The owner is told after the answer; a failure stays pending for the schedule.
  if (stored.created && channels.length > 0)
    waitUntil(
      deliverDue(env.DB, env, { leadId: stored.id, now }).catch((error) =>
        console.error('lead notification failed', error),
      ),
    )

  if (html)
    return new Response(null, {
      status: 303,
      headers: { ...cors, Location: `/api/leads?estado=${SENT_STATE}`, 'Cache-Control': 'no-store' },
    })
  return json(stored.created ? 201 : 200, { id: stored.id }, cors)
}
