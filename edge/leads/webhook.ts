/**
 * The webhook channel: a JSON POST per notification to LEAD_WEBHOOK_URL (a Slack incoming webhook, Make, n8n,
 * Zapier): `{ text, kind, id, … }` with the same Idempotency-Key header on every attempt. `text` is what a chat
 * shows (escaped for Slack's markup and inert in Markdown: ./escape.ts); the data for machines sits beside it.
 * A receiver may not recognise the key, and one that answers after the timeout would get the same message at
 * every retry, so a notification gets at most WEBHOOK_ATTEMPTS attempts here (the e-mail channel keeps trying).
 */
import { ONLY, type Channel } from './channel'

export const WEBHOOK_ATTEMPTS = 3

export const webhookChannel: Channel = {
  name: 'webhook',
  label: 'el webhook',
  configured: (env) => Boolean(env.LEAD_WEBHOOK_URL),
  recipients: async () => [ONLY],
  async request({ kind, key, message }, _recipient, env) {
    return {
      url: env.LEAD_WEBHOOK_URL ?? '',
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ text: message.chat, kind, id: key, ...message.data }),
      },
    }
  },
  outcome: (status) =>
    status >= 200 && status < 300 ? { result: 'delivered' } : { result: 'refused', error: `HTTP ${status}` },
  maxAttempts: WEBHOOK_ATTEMPTS,
  budgetVariables: { perHour: 'LEAD_WEBHOOK_SENDS_PER_HOUR', perDay: 'LEAD_WEBHOOK_SENDS_PER_DAY' },
}
