/**
 * What a push notification says (issue 42, 4), from the same message every channel sends (./messages.ts: its
 * subject and its data for machines), so the words cannot drift from the e-mail's:
 *   - a new lead: «Nueva solicitud de cotización», and the client's name and service on one line;
 *   - an emergency: «URGENTE: emergencia, responde antes de las 11:15», the name and service, and it stays on
 *     screen until the owner acts (`urgent`: requireInteraction, where the platform allows);
 *   - a reminder at three quarters of the deadline and once it passed, as the e-mail's subject says it;
 *   - a digest, the daily summary, the budget's closing note and an alarm: their subject, and one line of what
 *     to do.
 * A tap opens the lead in the inbox (`?solicitud=<id>`, the id only) or the inbox. Nothing else of the client
 * travels (no phone, e-mail or message), except in an alarm for a lead the database could not keep: it is in no
 * inbox, so its notification carries the phone to call.
 */
import { ownerClock } from '../../contract/owner-time'
import type { PushNotice } from '../../contract/push'
import type { Delivery } from './channel'
import { oneLine } from './escape'

const INBOX_PATH = '/admin/solicitudes/'
const TITLE_MAX = 120
const BODY_MAX = 200

interface LeadData {
  id: string
  name: string
  service: string
  phone?: string
  urgent?: boolean
  dueAt?: string | null
}

const leadPath = (id: string) => `${INBOX_PATH}?${new URLSearchParams({ solicitud: id })}`
const who = (lead: LeadData) => `${lead.name} · ${lead.service}`
const clock = (iso: string | null | undefined) => (iso ? ownerClock(new Date(iso)) : '')

/** The tag (and the push service's Topic) of a delivery: 32 URL-safe characters of its key's SHA-256. */
export async function noticeTag(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)))
  let text = ''
  for (const byte of digest.slice(0, 24)) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_')
}

/** Title, body, where a tap goes and whether it is urgent, by kind. */
function words(delivery: Delivery): Omit<PushNotice, 'v' | 'kind' | 'tag'> {
  const { kind, message } = delivery
  const data = message.data as {
    lead?: LeadData
    reminder?: { stage: string; dueAt: string }
    digest?: { urgent: string[] }
    schema?: unknown
  }
  const lead = data.lead
  if ((kind === 'lead' || kind === 'reminder' || kind === 'overdue') && lead) {
    const urgent = lead.urgent === true
    const due = clock(data.reminder?.dueAt ?? lead.dueAt)
    const title =
      kind === 'lead'
        ? urgent
          ? `URGENTE: emergencia${due ? `, responde antes de las ${due}` : ''}`
          : 'Nueva solicitud de cotización'
        : `${urgent ? 'URGENTE: ' : ''}${
            kind === 'overdue'
              ? `Sin respuesta, el plazo venció a las ${due}`
              : `Recordatorio: responde antes de las ${due}`
          }`
    return { title, body: who(lead), url: leadPath(lead.id), urgent }
  }
  if (kind === 'alarm')
    return {
      title: message.subject,
      body: lead
        ? `${who(lead)}. No quedó guardada en tu bandeja: llámale al ${lead.phone ?? ''}.`
        : 'Las solicitudes no se están guardando. Avisa a quien administra tu sitio.',
      url: INBOX_PATH,
      urgent: true,
    }
  if (kind === 'test') return { title: message.subject, body: message.text, url: INBOX_PATH, urgent: false }
  const firstUrgent = data.digest?.urgent[0]
  return {
    title: message.subject,
    body:
      kind === 'digest'
        ? 'Toca para verlas en tu bandeja.'
        : kind === 'summary'
          ? 'Toca para ver tu bandeja.'
          : kind === 'budget'
            ? 'Ninguna solicitud se perdió: todas están en tu bandeja, en «Por atender».'
            : 'Toca para abrir tu bandeja.',
    url: firstUrgent ? leadPath(firstUrgent) : INBOX_PATH,
    urgent: Boolean(firstUrgent) || data.schema !== undefined,
  }
}

/** The push message of a delivery; a device's test carries its key, which the page waits to hear back. */
export async function pushNotice(delivery: Delivery): Promise<PushNotice> {
  const said = words(delivery)
  return {
    v: 1,
    kind: delivery.kind,
    title: oneLine(said.title, TITLE_MAX),
    body: oneLine(said.body, BODY_MAX),
    url: said.url,
    tag: await noticeTag(delivery.key),
    urgent: said.urgent,
    ...(delivery.kind === 'test' ? { test: delivery.key } : {}),
  }
}
