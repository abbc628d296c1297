/**
 * A stand-in for the services the lead code tells the owner through (edge/leads/notify.ts): a
 * Resend-compatible e-mail API (`POST /emails` with a bearer key) and a JSON webhook (`POST /webhook`),
 * on loopback. It records every request and answers as the real ones do, or on demand with a 500, not at
 * all, or after doing the work but without answering (`mode`), so tests can watch a notification fail, wait
 * and recover.
 *
 * The e-mail API honours `Idempotency-Key` as Resend documents it (resend.com/docs/dashboard/emails/
 * idempotency-keys): a key seen in the last 24 hours with the same payload is answered with the first
 * answer and sends nothing; with another payload it gets 409 `invalid_idempotent_request`. `emails` holds
 * what Resend would really have sent; `requests` every request, replays included.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** ok: answers; fail: 500; hang: never answers, sends nothing; lost: sends, then never answers. */
export type StandInMode = 'ok' | 'fail' | 'hang' | 'lost'

export interface NotifyRequest {
  path: string
  authorization: string | undefined
  idempotencyKey: string | undefined
  /** An e-mail request answered from an earlier one with its key: nothing was sent. */
  replayed: boolean
  body: Record<string, unknown>
}

export interface NotifyStandIn {
  origin: string
  /** EMAIL_API_URL and LEAD_WEBHOOK_URL pointing here. */
  emailUrl: string
  webhookUrl: string
  /** The API key the e-mail endpoint accepts (anything else gets Resend's 401). */
  apiKey: string
  mode: StandInMode
  /** How long each answer takes (ms; default 0), as a slow provider's. */
  delayMs: number
  /** Requests being answered right now, and the most there ever were at once. */
  inFlight: number
  maxInFlight: number
  /** Requests whose connection has ended: answered, or given up by the caller (a send's timeout). */
  ended: number
  requests: NotifyRequest[]
  /** The e-mails really sent (one per idempotency key), in order. */
  emails: NotifyRequest[]
  /** The webhook calls that were answered 2xx or lost after arriving. */
  webhooks: NotifyRequest[]
  /** Waits until `count` requests have arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<NotifyRequest[]>
  /** Waits until `test` holds for the recorded requests. */
  waitUntil(test: (standIn: NotifyStandIn) => boolean, timeoutMs?: number): Promise<void>
  /** Forgets everything recorded, idempotency keys included. */
  reset(): void
  close(): Promise<void>
}

const KEY_WINDOW_MS = 24 * 60 * 60 * 1000

export async function startNotifyStandIn(apiKey = 're_test_key'): Promise<NotifyStandIn> {
  const keys = new Map<string, { payload: string; answer: object; at: number }>()
  // A request left unanswered (hang, lost) stays open until close() ends every connection.
  const server = createServer((req, res) => {
    let text = ''
    standIn.inFlight += 1
    standIn.maxInFlight = Math.max(standIn.maxInFlight, standIn.inFlight)
    res.on('close', () => {
      standIn.inFlight -= 1
      standIn.ended += 1
    })
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => setTimeout(answer, standIn.delayMs))
    const answer = () => {
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(text) as Record<string, unknown>
      } catch {
        body = { raw: text }
      }
      const path = req.url ?? ''
      const key = req.headers['idempotency-key']
      const request: NotifyRequest = {
        path,
        authorization: req.headers.authorization,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        replayed: false,
        body,
      }
      standIn.requests.push(request)
      const reply = (status: number, answer: object) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer))
      if (req.method !== 'POST' || (path !== '/emails' && path !== '/webhook'))
        return reply(404, { message: 'Not found' })
      if (standIn.mode === 'hang') return
      if (standIn.mode === 'fail')
        return reply(500, { name: 'internal_server_error', message: 'stand-in failure' })
      if (path === '/webhook') {
        standIn.webhooks.push(request)
        if (standIn.mode === 'lost') return
        return reply(200, { ok: true })
      }
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return reply(401, { name: 'validation_error', message: 'API key is invalid' })
      const payload = createHash('sha256').update(text).digest('hex')
      const seen = request.idempotencyKey ? keys.get(request.idempotencyKey) : undefined
      if (seen && Date.now() - seen.at < KEY_WINDOW_MS) {
        if (seen.payload !== payload)
          return reply(409, {
            statusCode: 409,
            name: 'invalid_idempotent_request',
            message: 'Same idempotency key used with a different request payload.',
          })
        request.replayed = true
        if (standIn.mode === 'lost') return
        return reply(200, seen.answer)
      }
      const sentAnswer = { id: `email-${standIn.emails.length + 1}` }
      standIn.emails.push(request)
      if (request.idempotencyKey)
        keys.set(request.idempotencyKey, { payload, answer: sentAnswer, at: Date.now() })
      if (standIn.mode !== 'lost') reply(200, sentAnswer)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const standIn: NotifyStandIn = {
    origin,
    emailUrl: `${origin}/emails`,
    webhookUrl: `${origin}/webhook`,
    apiKey,
    mode: 'ok',
    delayMs: 0,
    inFlight: 0,
    maxInFlight: 0,
    ended: 0,
    requests: [],
    emails: [],
    webhooks: [],
    async waitFor(count, timeoutMs) {
      await standIn.waitUntil(({ requests }) => requests.length >= count, timeoutMs)
      return standIn.requests
    },
    async waitUntil(test, timeoutMs = 10_000) {
      const started = Date.now()
      while (!test(standIn)) {
        if (Date.now() - started > timeoutMs)
          throw new Error(
            `the notification stand-in did not get what was expected in ${timeoutMs} ms: ${standIn.requests.length} requests (${standIn.emails.length} e-mails, ${standIn.webhooks.length} webhook calls)`,
          )
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    reset() {
      for (const list of [standIn.requests, standIn.emails, standIn.webhooks]) list.length = 0
      keys.clear()
      Object.assign(standIn, { mode: 'ok', delayMs: 0, maxInFlight: standIn.inFlight, ended: 0 })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standIn
}
