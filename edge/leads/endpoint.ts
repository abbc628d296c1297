/**
 * POST /api/leads: a quote request from the site's form. In order:
 *   1. the origin: this site's, SITE_URL's or one of ALLOWED_ORIGINS (CORS preflight answered), else 403;
 *   2. the body: at most 32 KB (413), JSON or the form's urlencoded post (415), UTF-8 and parseable (400);
 *   3. the five fields, with the form's rules and messages (422, one Spanish message per field);
 *   4. the signals: the honeypot filled is spam; the fill time (first keystroke to send) is recorded and a
 *      short one noted, never a reason to set a lead aside (a browser with storage blocked sends none);
 *   5. a retry of a submission already stored is answered 200 with its id, and nothing else is done;
 *   6. the hour's storage ceiling (LEAD_STORE_PER_HOUR): reached, nothing is stored: 503 with Retry-After, a
 *      JSON error the form shows with the phone and WhatsApp (or that page without JavaScript), counted;
 *   7. the client's rate limit (an IPv4 address, an IPv6 /64): 429 with Retry-After;
 *   8. Turnstile, when configured: a failed check is spam; a check that could not be made lets the lead in;
 *   9. stored with its counts and notifications in one batch (edge/leads/store.ts), keyed by the form's
 *      submission id: 201 { id } only once committed (200 for a retry). Spam gets the same answer, so a robot
 *      learns nothing. The ceiling is checked again inside the batch: reached meanwhile, the 503 of step 6;
 *  10. the owner alerted at once, after the answer (waitUntil), when the lead has its own alert; what fails
 *      is retried by the schedule, which also sends the hourly digest and the daily summary.
 * A post from a browser without JavaScript gets pages instead of JSON: 303 to GET /api/leads?estado=enviado
 * (a reload does not post twice), or the errors in a short Spanish page with the phone and WhatsApp links.
 */
import { leadAnswers } from '../../contract/lead-messages'
import { canonicalAddress, rateBucket } from './address'
import { json } from '../http'
import { allowedOrigins, contactLinks, corsHeaders, page } from './answer'
import { readLeadBody } from './body'
import { testClock } from './clock'
import { companyLinks } from './contact'
import { answerPromise, deadlineOf } from './promise'
import { count, type CountName } from './counts'
import { channelsOf, settings, type LeadEnv } from './env'
import { deliverDue } from './notify'
import { hourStart, utcHour } from '../../contract/owner-time'
import { checkRateLimit, hashBucket, hashSecret } from './rate-limit'
import { beforeStoring, storeLead, type SpamReason } from './store'
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
    const promise = await answerPromise(env, request)
    return page(200, {
      title: leadAnswers.page.sentTitle,
      lines: [leadAnswers.page.sentText(promise?.answerHours)],
      links: [links.home],
    })
  }
  if (method !== 'POST')
    return json(405, { error: leadAnswers.unsupported }, { ...cors, Allow: 'POST, OPTIONS' })
  if (!originAllowed) return json(403, { error: leadAnswers.unsupported }, cors)
  return receive(context, cors)
}

async function receive(context: LeadContext, cors: Record<string, string>): Promise<Response> {
  const { request, env, waitUntil } = context
  const wantsJson = /application\/json/i.test(request.headers.get('Accept') ?? '')
  const links = contactLinks(request, env)
  // JSON for the form's fetch and for any caller that asks for it; pages for a plain form post.
  const fail = async (
    status: number,
    error: string,
    extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> => {
    if (wantsJson || !/x-www-form-urlencoded/i.test(request.headers.get('Content-Type') ?? ''))
      return json(
        status,
        { error, ...(extra.fields ? { fields: extra.fields } : {}) },
        { ...cors, ...extra.headers },
      )
    // Refused whole (not a field to correct): the company's phone and WhatsApp beside the way back.
    const company = extra.fields ? null : await companyLinks(env, request)
    return page(
      status,
      {
        title: leadAnswers.page.errorTitle,
        lines: [error, ...Object.values(extra.fields ?? {})],
        links: [
          ...(company
            ? [
                {
                  href: company.phone.href,
                  text: `${leadAnswers.page.call} ${company.phone.display}`,
                  action: 'call' as const,
                },
                { href: company.whatsapp.href, text: leadAnswers.page.whatsapp, action: 'whatsapp' as const },
              ]
            : []),
          links.form,
        ],
      },
      { ...cors, ...extra.headers },
    )
  }

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
  const db = env.DB

  try {
    const now = context.now ?? (await testClock(env))
    const hour = utcHour(now())
    const sent = (status: 200 | 201, id: string): Response =>
      html
        ? new Response(null, {
            status: 303,
            headers: { ...cors, Location: `/api/leads?estado=${SENT_STATE}`, 'Cache-Control': 'no-store' },
          })
        : json(status, { id }, cors)

    // 4. The signals a real browser cannot produce by accident; the fill time is only noted.
    let spam: SpamReason | null = lead.honeypot ? 'honeypot' : null
    const quick = lead.fillMs !== null && lead.fillMs < config.minFillMs

    // 5 and 6, in one read before anything is written: a retry of a stored submission; the hour's ceiling.
    const before = await beforeStoring(db, {
      id: lead.clientId ? lead.id : null,
      now: now(),
      storePerHour: config.storePerHour,
    })
    if (before.stored) return sent(200, lead.id)
    const refuse = async (): Promise<Response> => {
      const counted: CountName[] = spam ? [`spam:${spam}`, 'spam-unstored'] : ['refused']
      await count(db, hour, ...counted)
      const nextHour = hourStart(hour).getTime() + 3_600_000
      const retryAfter = Math.max(1, Math.ceil((nextHour - now().getTime()) / 1000))
      return fail(503, leadAnswers.busy, { headers: { 'Retry-After': String(retryAfter) } })
    }
    if (before.full) return await refuse()

    // 7. The client's rate limit, by a keyed hash of its bucket.
    const address = request.headers.get('CF-Connecting-IP')
    const bucket = await hashBucket(rateBucket(address), await hashSecret(db, env.LEAD_HASH_SECRET))
    const verdict = await checkRateLimit(db, bucket, {
      limit: config.rateLimit,
      windowSeconds: config.rateWindowSeconds,
      now: now(),
    })
    if (!verdict.ok) {
      await count(db, hour, 'rate-limited')
      return await fail(429, leadAnswers.tooMany, {
        headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
      })
    }

    // 8. Turnstile, when configured.
    if (!spam) {
      const hostnames = new Set(
        [...allowedOrigins(request, env)].map((allowed) => new URL(allowed).hostname.toLowerCase()),
      )
      const turnstile = await verifyTurnstile(env, {
        token: lead.turnstileToken,
        remoteip: canonicalAddress(address),
        hostnames,
        idempotencyKey: lead.id,
      })
      if (turnstile.result === 'failed') spam = 'turnstile'
      if (turnstile.result === 'unavailable') {
        console.warn(`Turnstile could not check this lead (${turnstile.why}); accepted unchecked`)
        await count(db, hour, 'turnstile-unavailable')
      }
      if (turnstile.result === 'misconfigured') {
        console.error(
          `TURNSTILE IS MISCONFIGURED: ${turnstile.why}. Leads are accepted unchecked until it is fixed.`,
        )
        await count(db, hour, 'turnstile-misconfigured')
      }
    }

    // 9. Stored, with its counts and notifications, in one transaction.
    const channels = spam ? [] : channelsOf(env)
    const promise = spam ? null : await answerPromise(env, request)
    const arrived = now()
    const stored = await storeLead(db, lead, {
      channels,
      deadline: promise ? deadlineOf(promise, lead.service, arrived) : null,
      spam,
      quick,
      now: arrived,
      storePerHour: config.storePerHour,
      alertsPerHour: config.alertsPerHour,
    })
    if (stored.outcome === 'full') return await refuse()
    if (stored.outcome === 'duplicate') return sent(200, stored.id)

    // 10. The owner is told after the answer; a failure stays pending for the schedule.
    if (stored.alert === 'own')
      waitUntil(
        deliverDue(db, env, { leadId: stored.id, now, concurrency: channels.length }).catch((error) =>
          console.error('lead notification failed', error),
        ),
      )
    return sent(201, stored.id)
  } catch (error) {
    console.error('lead not stored', error)
    return fail(503, leadAnswers.unavailable)
  }
}
