/**
 * A stand-in for Cloudflare Turnstile's siteverify endpoint on loopback (edge/leads/turnstile.ts's
 * TURNSTILE_VERIFY_URL): a form POST with `secret` and `response`; `success: true` only for the one token
 * it issued with the right secret, Turnstile's own error codes otherwise. Records every check.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TurnstileStandIn {
  verifyUrl: string
  checks: Record<string, string>[]
  close(): Promise<void>
}

export async function startTurnstileStandIn(app: {
  secret: string
  token: string
}): Promise<TurnstileStandIn> {
  const checks: Record<string, string>[] = []
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
    const errors =
      sent.secret !== app.secret
        ? ['invalid-input-secret']
        : sent.response !== app.token
          ? ['invalid-input-response']
          : []
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ success: errors.length === 0, 'error-codes': errors }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    verifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`,
    checks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
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
export const TURNSTILE_WIDGET_SCRIPT = `(function () {
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
