/**
 * The e-mail channel: a Resend-compatible HTTP API (`POST` with a bearer key, `{ from, to, reply_to, subject,
 * text }`, plain text), on when EMAIL_API_URL, EMAIL_API_KEY, EMAIL_FROM and EMAIL_TO are all set. Every attempt of
 * one notification carries the same Idempotency-Key, and the API sends nothing twice for a key it has seen in the
 * last 24 hours with the same body (resend.com/docs/dashboard/emails/idempotency-keys), so it is asked again
 * until the notification is a day old. Its 409s:
 *   - `concurrent_idempotent_requests`: the first request with this key is still being handled: tried again;
 *   - `invalid_idempotent_request`: this key was used with another body, so this message was NOT sent (an
 *     earlier version of it was): not delivered, and not tried again (every attempt would get the same 409).
 * A 429 (rate limit, a spent daily quota) and every other error is tried again after the backoff (or the answer's
 * Retry-After, when later).
 */
import { ONLY, retryAfterMs, type Channel } from './channel'

export const emailChannel: Channel = {
  name: 'email',
  label: 'correo',
  configured: (env) => Boolean(env.EMAIL_API_URL && env.EMAIL_API_KEY && env.EMAIL_FROM && env.EMAIL_TO),
  recipients: async () => [ONLY],
  async request({ key, message }, _recipient, env) {
    return {
      url: env.EMAIL_API_URL ?? '',
      init: {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${env.EMAIL_API_KEY}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify({
          from: env.EMAIL_FROM,
          to: (env.EMAIL_TO ?? '').split(',').map((address) => address.trim()),
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
        }),
      },
    }
  },
  outcome(status, body, headers) {
    if (status >= 200 && status < 300) return { result: 'delivered' }
    if (status === 409 && body.includes('invalid_idempotent_request'))
      return {
        result: 'refused',
        final: true,
        error:
          'HTTP 409 invalid_idempotent_request: this key was used with another body; this message was not sent',
      }
    const wait = retryAfterMs(headers)
    return { result: 'refused', error: `HTTP ${status}`, ...(wait ? { retryAfterMs: wait } : {}) }
  },
  maxAttempts: Number.POSITIVE_INFINITY,
  budgetVariables: { perHour: 'EMAIL_SENDS_PER_HOUR', perDay: 'EMAIL_SENDS_PER_DAY' },
}
