/**
 * POST /api/leads: a quote request from the site's form. In order:
 *   1. the origin: this site's, SITE_URL's or one of ALLOWED_ORIGINS (CORS preflight answered), else 403;
 *   2. the body: at most 32 KB (413), JSON or the form's urlencoded post (415), UTF-8 and parseable (400);
 *   3. the five fields, with the form's rules and messages (422, one Spanish message per field);
 *   4. the honeypot filled is spam; the fill time (first keystroke to send) is recorded and a short one noted,
 *      never a reason to set a lead aside (a browser with storage blocked sends none);
 *   5. in one read: a retry of a submission already stored is answered 200 with its id and nothing else is done;
 *      the hour's rooms are looked at (edge/leads/store.ts): spam has its own small one (LEAD_SPAM_STORE_PER_HOUR)
 *      and leads nobody could check theirs (LEAD_STORE_PER_HOUR), so known spam never takes a person's place;
 *   6. a full room refuses at the cost of one count: spam past its room is counted, not stored, and answered as
 *      a lead would be; with Turnstile off, a lead past its room gets 503 with Retry-After and the phone and
 *      WhatsApp (the form's failure toast, or that page without JavaScript);
 *   7. the client's rate limit (an IPv4 address, an IPv6 /64, and more loosely its /48): 429 with Retry-After;
 *   8. Turnstile, when configured: no usable token is answered 403 "no se envió" with the phone and WhatsApp
 *      (decision 040); a failed check is spam; a passed one is a person, stored whatever the unverified count;
 *      a check that could not be made lets the lead in, unverified;
 *   9. stored within its kind's room, with its counts and notifications in one batch, keyed by the form's
 *      submission id: 201 { id } only once committed (200 for a retry). Spam gets the same answer, so a robot
 *      learns nothing. The rooms are checked again inside the batch: full meanwhile, as in step 6;
 *  10. the owner alerted at once, after the answer (waitUntil), when the lead has its own alert (an emergency
 *      has its own allowance above the ceiling); the schedule sends the rest within each channel's budget;
 *  11. the database failing anywhere in 5-9 (D1 down, a migration not applied): the lead, once the checks say
 *      it is not a robot's, goes straight to the owner's channels with an alarm (edge/leads/relay.ts), and the
 *      visitor gets 503 with the phone and WhatsApp.
 * A post from a browser without JavaScript gets pages instead of JSON: 303 to GET /api/leads?estado=enviado
 * (a reload does not post twice), or the errors in a short Spanish page with the phone and WhatsApp links.
 */
import { leadAnswers } from '../../contract/lead-messages'
import { canonicalAddress, rateBuckets } from './address'
import { json } from '../http'
import { allowedOrigins, contactLinks, corsHeaders, page } from './answer'
import { readLeadBody } from './body'
import { testClock } from './clock'
import { companyLinks } from './contact'
import { answerPromise, deadlineOf } from './promise'
import { activeChannels } from './channels'
import { count, type SpamReason } from './counts'
import { settings, type LeadEnv } from './env'
import { deliverDue } from './notify'
import { hourStart, utcHour } from '../../contract/owner-time'
import { checkRateLimit, hashBucket, hashSecret } from './rate-limit'
import { relayLead } from './relay'
import { isSchemaError } from './schema'
import { beforeStoring, storeLead, type Rooms, type Verdict } from './store'
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
  const rooms: Rooms = {
    storePerHour: config.storePerHour,
    spamStorePerHour: config.spamStorePerHour,
    alertsPerHour: config.alertsPerHour,
    alertsPerDay: config.alertsPerDay,
    urgentAlertsPerHour: config.urgentAlertsPerHour,
  }
  const db = env.DB
  const now = context.now ?? (await testClock(env))
  const hour = utcHour(now())
  const sent = (status: 200 | 201, id: string): Response =>
    html
      ? new Response(null, {
          status: 303,
          headers: { ...cors, Location: `/api/leads?estado=${SENT_STATE}`, 'Cache-Control': 'no-store' },
        })
      : json(status, { id }, cors)
  // The hour's room for leads nobody could check is full: 503 with the seconds to the next hour.
  const busy = (): Promise<Response> => {
    const nextHour = hourStart(hour).getTime() + 3_600_000
    const retryAfter = Math.max(1, Math.ceil((nextHour - now().getTime()) / 1000))
    return fail(503, leadAnswers.busy, { headers: { 'Retry-After': String(retryAfter) } })
  }

  // 4. The honeypot, a signal a real browser cannot produce by accident; the fill time is only noted.
  let spam: SpamReason | null = lead.honeypot ? 'honeypot' : null
  let verified = false
  let asked = false
  const quick = lead.fillMs !== null && lead.fillMs < config.minFillMs
  /** 8. Turnstile, when configured and not yet asked: a Response when the visitor must send again. */
  const turnstile = async (): Promise<Response | null> => {
    if (asked || spam) return null
    asked = true
    const hostnames = new Set(
      [...allowedOrigins(request, env)].map((allowed) => new URL(allowed).hostname.toLowerCase()),
    )
    const verdict = await verifyTurnstile(env, {
      token: lead.turnstileToken,
      remoteip: canonicalAddress(request.headers.get('CF-Connecting-IP')),
      hostnames,
      idempotencyKey: lead.id,
    })
    if (verdict.result === 'passed') verified = true
    if (verdict.result === 'failed') spam = 'turnstile'
    if (verdict.result === 'again') {
      // Not sent, and said so (decision 040): a person without a token learns it and sees the phone and WhatsApp.
      await count(db, hour, 'no-token')
      return fail(403, leadAnswers.turnstile)
    }
    if (verdict.result === 'unavailable') {
      console.warn(`Turnstile could not check this lead (${verdict.why}); accepted unchecked`)
      await count(db, hour, 'turnstile-unavailable')
    }
    if (verdict.result === 'misconfigured') {
      console.error(
        `TURNSTILE IS MISCONFIGURED: ${verdict.why}. Leads are accepted unchecked until it is fixed.`,
      )
      await count(db, hour, 'turnstile-misconfigured')
    }
    return null
  }

  try {
    // 5. In one read before anything is written: a retry of a stored submission; the hour's rooms.
    const before = await beforeStoring(db, { id: lead.clientId ? lead.id : null, now: now(), rooms })
    if (before.stored) return sent(200, lead.id)
    // Spam is answered as a lead would be at this moment, so a robot learns nothing.
    const asLeadWould = () =>
      before.unverifiedFull && !env.TURNSTILE_SECRET_KEY ? busy() : Promise.resolve(sent(201, lead.id))

    // 6. What a full room refuses costs one count, not a rate-limit row: spam past its own room; a lead nobody
    //    can check (Turnstile off) past its room. With Turnstile on, a lead may still pass it: asked first.
    if (spam && before.spamFull) {
      await count(db, hour, `spam:${spam}`, 'spam-unstored')
      return await asLeadWould()
    }
    if (!spam && !env.TURNSTILE_SECRET_KEY && before.unverifiedFull) {
      await count(db, hour, 'refused')
      return await busy()
    }

    // 7. The client's rate limit, by keyed hashes of its buckets (an IPv6 client's /48 too, with a looser limit).
    const secret = await hashSecret(db, env.LEAD_HASH_SECRET)
    const buckets = await Promise.all(
      rateBuckets(request.headers.get('CF-Connecting-IP')).map(async ({ bucket, wide }) => ({
        hash: await hashBucket(bucket, secret),
        wide,
      })),
    )
    const limited = await checkRateLimit(db, buckets, {
      limit: config.rateLimit,
      wideLimit: config.rateLimit48,
      windowSeconds: config.rateWindowSeconds,
      now: now(),
    })
    if (!limited.ok) {
      await count(db, hour, 'rate-limited')
      return await fail(429, leadAnswers.tooMany, {
        headers: { 'Retry-After': String(limited.retryAfterSeconds) },
      })
    }

    // 8. Turnstile: a failed check is spam; a passed one is a person, stored whatever the others did.
    const again = await turnstile()
    if (again) return again

    // 9. Stored, within the room of its kind, with its counts and notifications, in one transaction.
    const channels = spam ? [] : (await activeChannels(env)).map((channel) => channel.name)
    const promise = spam ? null : await answerPromise(env, request)
    const arrived = now()
    const verdict: Verdict = spam ? { spam } : { spam: null, verified }
    const stored = await storeLead(db, lead, {
      channels,
      deadline: promise ? deadlineOf(promise, lead.service, arrived) : null,
      verdict,
      quick,
      now: arrived,
      rooms,
    })
    if (stored.outcome === 'full') {
      if (!spam) {
        await count(db, hour, 'refused')
        return await busy()
      }
      await count(db, hour, `spam:${spam}`, 'spam-unstored')
      return await asLeadWould()
    }
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
    // 11. The database failed: the lead goes straight to the owner with an alarm, never a robot's (the checks
    //     are made first), and the visitor gets the phone and WhatsApp.
    console.error('lead not stored', error)
    try {
      const again = await turnstile()
      if (again) return again
    } catch (thrown) {
      console.error('Turnstile could not be asked after the database failed', thrown)
    }
    if (spam) return fail(503, leadAnswers.unavailable)
    const promise = await answerPromise(env, request)
    const relayed = await relayLead(env, lead, {
      cause: isSchemaError(error) ? 'schema' : 'storage',
      now: now(),
      deadline: promise ? deadlineOf(promise, lead.service, now()) : null,
    })
    return fail(503, relayed ? leadAnswers.relayed : leadAnswers.unavailable)
  }
}
