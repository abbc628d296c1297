/**
 * A stand-in for Cloudflare Turnstile's siteverify endpoint on loopback (edge/leads/turnstile.ts's
 * TURNSTILE_VERIFY_URL), as developers.cloudflare.com/turnstile/get-started/server-side-validation/ describes
 * it: a form POST with `secret`, `response`, `remoteip` and `idempotency_key`; `success: true` with the
 * `hostname` the widget was served on only for the one token it issued, with the right secret; Turnstile's
 * own error codes otherwise (`invalid-input-secret`, `missing-input-secret`, `invalid-input-response`). A token
 * is good for one check: checked again it is `timeout-or-duplicate`, unless the same `idempotency_key` comes
 * with it (then the first answer again). `mode` makes it misbehave as a real service can: a 5xx, a 4xx, an
 * answer that is not JSON, `internal-error`, or no answer at all. Records every check.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type TurnstileMode = 'ok' | '5xx' | '4xx' | 'malformed' | 'internal-error' | 'hang'

export interface TurnstileStandIn {
  verifyUrl: string
  checks: Record<string, string>[]
  mode: TurnstileMode
  /** The hostname a passed check reports (the page the widget was on). */
  hostname: string
  /** Forgets the tokens already used. */
  reset(): void
  close(): Promise<void>
}

export async function startTurnstileStandIn(app: {
  secret: string
  token: string
  hostname?: string
}): Promise<TurnstileStandIn> {
  const checks: Record<string, string>[] = []
  const used = new Map<string, { key: string; answer: object }>()
  const standIn = { checks, mode: 'ok', hostname: app.hostname ?? '127.0.0.1' } as TurnstileStandIn
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'Content-Type': req.headers['content-type'] ?? '' },
    })
      .formData()
      .catch(() => new FormData())
    const sent = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]))
    checks.push(sent)
    const reply = (status: number, answer: object) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer))
    const refused = (code: string) => ({ success: false, 'error-codes': [code] })
    // Left open until close() ends every connection.
    if (standIn.mode === 'hang') return
    if (standIn.mode === '5xx') return reply(503, refused('internal-error'))
    if (standIn.mode === '4xx') return reply(400, refused('bad-request'))
    if (standIn.mode === 'malformed')
      return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Bad gateway</body></html>')
    if (standIn.mode === 'internal-error') return reply(200, refused('internal-error'))
    if (!sent.secret) return reply(200, refused('missing-input-secret'))
    if (sent.secret !== app.secret) return reply(200, refused('invalid-input-secret'))
    if (!sent.response) return reply(200, refused('missing-input-response'))
    // A token is good for one check; the same idempotency_key again gets the first answer again.
    const earlier = used.get(sent.response)
    const replayed = earlier?.key && earlier.key === sent.idempotency_key
    if (earlier) return reply(200, replayed ? earlier.answer : refused('timeout-or-duplicate'))
    const answer =
      sent.response === app.token
        ? {
            success: true,
            'error-codes': [],
            challenge_ts: new Date().toISOString(),
            hostname: standIn.hostname,
          }
        : refused('invalid-input-response')
    used.set(sent.response, { key: sent.idempotency_key ?? '', answer })
    reply(200, answer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(standIn, {
    verifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`,
    reset() {
      checks.length = 0
      used.clear()
      standIn.mode = 'ok'
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}

/** The token the widget stand-in puts in the form, and the secret the siteverify stand-in accepts it with. */
export const TURNSTILE_TEST = {
  secret: 'turnstile-secret',
  token: 'token-bueno',
  siteKey: '1x00000000000000000000AA',
}

/**
 * A stand-in for Turnstile's script (challenges.cloudflare.com/turnstile/v0/api.js), for a page's request
 * interception: like the real one it renders into every `.cf-turnstile` box on load and puts the hidden
 * `cf-turnstile-response` field there, with TURNSTILE_TEST.token; `turnstile.reset()` issues it again.
 */
const TURNSTILE_WIDGET_SCRIPT = `(function () {
  var token = ${JSON.stringify(TURNSTILE_TEST.token)};
  function render() {
    document.querySelectorAll('.cf-turnstile').forEach(function (box) {
      var field = box.querySelector('input[name="cf-turnstile-response"]');
      if (!field) {
        field = document.createElement('input');
        field.type = 'hidden';
        field.name = 'cf-turnstile-response';
        box.appendChild(field);
      }
      field.value = token;
    });
  }
  window.turnstile = { reset: render, render: render };
  render();
})();`

/** Answers Turnstile's script with the stand-in (openPage's `answer`); other hosts are left alone. */
export function answerTurnstile(request: { url(): string }) {
  const url = new URL(request.url())
  if (url.hostname !== 'challenges.cloudflare.com') return undefined
  return { status: 200, contentType: 'text/javascript', body: TURNSTILE_WIDGET_SCRIPT }
}
