/**
 * A stand-in for the site's lead endpoint (POST /api/leads), for the tests of the quote form's side: it records
 * every request and answers 200, fails (500, or any status), or never answers, on demand. test/helpers/site.ts
 * puts it in front of a served build (`serveSite({ leads })`), so the form posts to its own origin, as in
 * production; the endpoint itself, in Cloudflare's runtime, is test/helpers/pages-stack.ts's.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { Exchange } from '../helpers/proxy'

export const LEADS_PATH = '/api/leads'

export interface ReceivedLead {
  method: string
  url: string
  headers: IncomingHttpHeaders
  /** The JSON body, parsed (the raw text when it is not JSON). */
  body: unknown
}

export interface LeadsStandIn {
  /** ok: 200 after `delayMs`; fail: 500; hang: no answer; a number: that status. */
  mode: 'ok' | 'fail' | 'hang' | number
  delayMs: number
  received: ReceivedLead[]
  posts(): ReceivedLead[]
  /** Answers one request to LEADS_PATH (test/helpers/site.ts calls it). */
  answer(exchange: Exchange): void
  reset(): void
  close(): void
}

export function leadsStandIn(): LeadsStandIn {
  const hanging = new Set<ServerResponse>()
  const standIn: LeadsStandIn = {
    mode: 'ok',
    delayMs: 0,
    received: [],
    posts: () => standIn.received.filter((request) => request.method === 'POST'),
    answer({ req, res, body }) {
      const text = body.toString('utf8')
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : null
      } catch {
        // Not JSON: the raw text, so the assertion shows it.
      }
      standIn.received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: parsed,
      })
      const reply = (status: number) =>
        res
          .writeHead(status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ ok: status < 300 }))
      if (standIn.mode === 'hang') return void hanging.add(res)
      if (standIn.mode === 'fail') return reply(500)
      if (typeof standIn.mode === 'number') return reply(standIn.mode)
      setTimeout(() => reply(200), standIn.delayMs)
    },
    reset() {
      standIn.mode = 'ok'
      standIn.delayMs = 0
      standIn.received.length = 0
    },
    close() {
      hanging.forEach((res) => res.destroy())
    },
  }
  return standIn
}
