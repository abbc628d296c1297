/**
 * A stand-in for the services the lead code tells the owner through (edge/leads/notify.ts): a
 * Resend-compatible e-mail API (`POST /emails` with a bearer key) and a JSON webhook (`POST /webhook`),
 * on loopback. It records every request and answers as the real ones do, or on demand with a 500 or
 * not at all (`mode`), so tests can watch a notification fail, wait and recover.
 */
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StandInMode = 'ok' | 'fail' | 'hang'

export interface NotifyRequest {
  path: string
  authorization: string | undefined
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
  requests: NotifyRequest[]
  /** Waits until `count` requests have arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<NotifyRequest[]>
  close(): Promise<void>
}

export async function startNotifyStandIn(apiKey = 're_test_key'): Promise<NotifyStandIn> {
  const hanging = new Set<ServerResponse>()
  const standIn = { mode: 'ok', requests: [] } as unknown as NotifyStandIn
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(text) as Record<string, unknown>
      } catch {
        body = { raw: text }
      }
      const path = req.url ?? ''
      standIn.requests.push({ path, authorization: req.headers.authorization, body })
      const reply = (status: number, answer: object) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer))
      if (req.method !== 'POST' || (path !== '/emails' && path !== '/webhook'))
        return reply(404, { message: 'Not found' })
      if (standIn.mode === 'hang') return void hanging.add(res)
      if (standIn.mode === 'fail')
        return reply(500, { name: 'internal_server_error', message: 'stand-in failure' })
      if (path === '/emails') {
        if (req.headers.authorization !== `Bearer ${apiKey}`)
          return reply(401, { name: 'validation_error', message: 'API key is invalid' })
        return reply(200, { id: `email-${standIn.requests.length}` })
      }
      return reply(200, { ok: true })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return Object.assign(standIn, {
    origin,
    emailUrl: `${origin}/emails`,
    webhookUrl: `${origin}/webhook`,
    apiKey,
    async waitFor(count: number, timeoutMs = 10_000) {
      const started = Date.now()
      while (standIn.requests.length < count) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`the stand-in got ${standIn.requests.length} requests, not ${count}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return standIn.requests
    },
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((res) => res.destroy())
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}
