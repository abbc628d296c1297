/**
 * What each kind of notification says (Spanish, in the owner's zone): the e-mail's subject and text, the
 * webhook's `text` (the same words, escaped for Slack) and its data for machines. Pure: the data comes from
 * edge/leads/kinds.ts, which reads it from D1. Written only from what is stored, so every attempt of one
 * notification says exactly the same (the e-mail API's Idempotency-Key compares the payload).
 */
import { telHref, whatsappHref } from '../../contract/contact-links'
import { oneLine, plural, slackEscape } from './escape'
import type { LeadRow } from '../../contract/lead-row'
import {
  hourStart,
  ownerClock,
  ownerDay,
  ownerDayStart,
  ownerTime,
  ownerWhen,
  spanishDuration,
} from '../../contract/owner-time'

export interface Message {
  /** One line, bounded. */
  subject: string
  /** The e-mail's plain text. */
  text: string
  /** The webhook's `text` (what Slack shows): `text`, escaped for Slack's markup. */
  chat: string
  /** The webhook's data beside `text`, for machines (ISO 8601 times). */
  data: Record<string, unknown>
  /** The e-mail's Reply-To (the client, for a lead's alert). */
  replyTo?: string
}

export interface MessageContext {
  /** The inbox on SITE_URL, or null when SITE_URL is not set. */
  inbox: string | null
  /** LEAD_MIN_FILL_MS: a lead filled faster gets a note. */
  minFillMs: number
}

function message(subject: string, lines: string[], data: Record<string, unknown>, replyTo?: string): Message {
  const text = lines.join('\n')
  return {
    subject: oneLine(subject, 150),
    text,
    chat: slackEscape(`${oneLine(subject, 150)}\n\n${text}`),
    data,
    ...(replyTo ? { replyTo } : {}),
  }
}

const inboxLine = (context: MessageContext, text: string) =>
  context.inbox ? ['', `${text}: ${context.inbox}`] : []

const seconds = (ms: number) => (ms / 1000).toLocaleString('es-MX', { maximumFractionDigits: 1 })

export type AlertLead = LeadRow & {
  fill_ms: number | null
  /** When the promised answer is due (ISO 8601), or null (no promise recorded). */
  due_at: string | null
  /** 1: the emergency service. */
  urgent: number
}

/**
 * This lead in the inbox: its address carries the lead's id and nothing else (no name, no phone), so a link
 * that leaks (a forwarded e-mail, a proxy's log) gives away nothing about the client.
 */
export function leadInboxUrl(inbox: string | null, id: string): string | null {
  if (!inbox) return null
  const url = new URL(inbox)
  url.searchParams.set('solicitud', id)
  return url.href
}

/** The owner's one-tap ways to the client and to this lead: a call, WhatsApp with a greeting, the inbox. */
function oneTap(
  lead: AlertLead,
  context: MessageContext,
): { lines: string[]; links: Record<string, string | null> } {
  const links = {
    tel: telHref(lead.phone),
    whatsapp: whatsappHref(lead.phone, lead.name, lead.service),
    inbox: leadInboxUrl(context.inbox, lead.id),
  }
  return {
    lines: [
      `Llamar: ${links.tel}`,
      `WhatsApp: ${links.whatsapp}`,
      ...(links.inbox ? [`Abrir en tu bandeja: ${links.inbox}`] : []),
    ],
    links,
  }
}

/** "Respóndele antes de las 11:15 (en 2 horas)." */
function deadlineLine(lead: AlertLead): string[] {
  if (!lead.due_at) return []
  const due = new Date(lead.due_at)
  const hours = Math.round((due.getTime() - Date.parse(lead.created_at)) / 3_600_000)
  return [
    `Prometimos responder en ${plural(hours, 'hora', 'horas')}: a más tardar ${ownerWhen(due, new Date(lead.created_at))}.`,
  ]
}

const leadData = (lead: AlertLead) => ({
  id: lead.id,
  createdAt: lead.created_at,
  name: lead.name,
  email: lead.email,
  phone: lead.phone,
  service: lead.service,
  message: lead.message,
  page: lead.page,
  fillMs: lead.fill_ms,
  dueAt: lead.due_at,
  urgent: lead.urgent === 1,
})

/** A lead's own alert; an emergency's says URGENTE in its subject and first line. */
export function leadAlert(lead: AlertLead, context: MessageContext): Message {
  const received = new Date(lead.created_at)
  const quick = lead.fill_ms !== null && lead.fill_ms < context.minFillMs
  const urgent = lead.urgent === 1
  const tap = oneTap(lead, context)
  return message(
    urgent
      ? `URGENTE: emergencia de ${oneLine(lead.name, 60)} (${lead.service})`
      : `Nueva solicitud de cotización: ${oneLine(lead.name, 60)} (${lead.service})`,
    [
      urgent ? 'URGENTE: solicitud del servicio de emergencia' : 'Nueva solicitud de cotización',
      ...deadlineLine(lead),
      '',
      ...tap.lines,
      '',
      `Nombre: ${lead.name}`,
      `Teléfono: ${lead.phone}`,
      `Correo: ${lead.email}`,
      `Servicio: ${lead.service}`,
      `Recibida: ${ownerTime(received)}`,
      `Página: ${lead.page || '(desconocida)'}`,
      '',
      'Mensaje:',
      lead.message,
      ...(quick
        ? [
            '',
            `Ojo: el formulario se llenó en ${seconds(Math.max(0, lead.fill_ms ?? 0))} segundos, más rápido de lo que suele escribir una persona. Puede ser un robot; la guardamos como nueva por si es de un cliente.`,
          ]
        : []),
      ...inboxLine(context, 'Todas tus solicitudes'),
    ],
    { lead: leadData(lead), links: tap.links },
    lead.email,
  )
}

export type ReminderStage = 'reminder' | 'overdue'

/**
 * A reminder about a lead nobody has answered yet: at about three quarters of its deadline (`reminder`), and
 * once it has passed (`overdue`). `at` is when the reminder was created (its row's created_at, the same for
 * every attempt, so every attempt says the same), for "quedan 30 min".
 */
export function reminderMessage(
  lead: AlertLead & { due_at: string },
  stage: ReminderStage,
  at: Date,
  context: MessageContext,
): Message {
  const due = new Date(lead.due_at)
  const urgent = lead.urgent === 1
  const tap = oneTap(lead, context)
  const who = `${oneLine(lead.name, 60)} (${lead.service})`
  const left = due.getTime() - at.getTime()
  const subject =
    stage === 'overdue'
      ? `${urgent ? 'URGENTE: ' : ''}Sin respuesta: ${who}, el plazo venció a las ${ownerClock(due)}`
      : `${urgent ? 'URGENTE: ' : ''}Recordatorio: ${who} espera tu respuesta antes de las ${ownerClock(due)}`
  const opening =
    stage === 'overdue'
      ? `${lead.name} sigue sin respuesta: el plazo que le prometimos venció ${left < 0 ? `hace ${spanishDuration(-left)}` : 'ahora'} (${ownerWhen(due, at)}). Cada hora cuenta: contéstale en cuanto puedas.`
      : `${lead.name} todavía no tiene respuesta y ${left > 0 ? `quedan ${spanishDuration(left)}` : 'ya casi vence el plazo'} para cumplir lo que le prometimos (a más tardar ${ownerWhen(due, at)}).`
  return message(
    subject,
    [
      ...(urgent ? ['URGENTE: solicitud del servicio de emergencia', ''] : []),
      opening,
      '',
      ...tap.lines,
      '',
      `Nombre: ${lead.name}`,
      `Teléfono: ${lead.phone}`,
      `Servicio: ${lead.service}`,
      `Recibida: ${ownerTime(new Date(lead.created_at))}`,
      '',
      'Cuando le respondas, toca Llamar, WhatsApp o Correo en tu bandeja (o cambia su estado): así no te volvemos a avisar.',
    ],
    { lead: leadData(lead), reminder: { stage, dueAt: lead.due_at }, links: tap.links },
  )
}

export interface DigestFacts {
  /** The UTC hour it covers ("2026-11-25T16"). */
  hour: string
  /** Leads of that hour counted for the digest (past the alert ceiling). */
  batched: number
  /** Leads of that hour alerted one by one. */
  alerted: number
  /** The most recent of the batched leads still stored, newest first (at most DIGEST_LIST). */
  recent: LeadRow[]
}

export const DIGEST_LIST = 10

/** The hourly digest: every lead past the alert ceiling, counted, with the most recent listed. */
export function digestMessage(facts: DigestFacts, context: MessageContext): Message {
  const from = hourStart(facts.hour)
  const to = new Date(from.getTime() + 3_600_000)
  const count = plural(facts.batched, 'solicitud nueva', 'solicitudes nuevas')
  const total = facts.alerted + facts.batched
  const opening =
    facts.alerted > 0
      ? `Entre las ${ownerClock(from)} y las ${ownerClock(to)} del ${ownerDay(from)} llegaron ${plural(total, 'solicitud', 'solicitudes')} de cotización. Te avisamos de ${facts.alerted} una por una; ${facts.batched === 1 ? 'la otra te la juntamos' : `las otras ${facts.batched} te las juntamos`} en este resumen para no saturar tu correo.`
      : `Entre las ${ownerClock(from)} y las ${ownerClock(to)} del ${ownerDay(from)} llegaron ${plural(facts.batched, 'solicitud', 'solicitudes')} de cotización; te ${facts.batched === 1 ? 'la juntamos' : 'las juntamos'} en este resumen para no saturar tu correo.`
  const rest = facts.batched - facts.recent.length
  return message(
    `${count} en la última hora`,
    [
      opening,
      'Todas quedaron guardadas.',
      ...(facts.recent.length
        ? [
            '',
            facts.recent.length === 1 ? 'La más reciente:' : 'Las más recientes:',
            ...facts.recent.map(
              (lead) =>
                `- ${ownerClock(new Date(lead.created_at))} · ${oneLine(lead.name, 60)} · ${lead.service} · ${lead.phone}`,
            ),
            ...(rest > 0 ? [`Y ${plural(rest, 'más', 'más')}.`] : []),
          ]
        : []),
      ...inboxLine(context, 'Revísalas en tu bandeja'),
    ],
    {
      digest: {
        from: from.toISOString(),
        to: to.toISOString(),
        count: facts.batched,
        alerted: facts.alerted,
        inbox: context.inbox,
      },
    },
  )
}

/** The counts of one of the owner's days, by lead_counts' `what`. */
export type DayCounts = Map<string, number>

const SUMMARY_NEWS = [
  'spam:honeypot',
  'spam:turnstile',
  'spam-unstored',
  'refused',
  'rate-limited',
  'batched',
  'quick',
  'turnstile-unavailable',
  'turnstile-misconfigured',
]

/** Whether a day holds anything the owner was not told one by one (else no summary is sent). */
export function summaryHasNews(counts: DayCounts): boolean {
  return SUMMARY_NEWS.some((what) => (counts.get(what) ?? 0) > 0)
}

/** The daily summary of one of the owner's days ("2026-11-24"). */
export function summaryMessage(day: string, counts: DayCounts, context: MessageContext): Message {
  const n = (what: string) => counts.get(what) ?? 0
  const date = ownerDay(new Date(ownerDayStart(day).getTime() + 12 * 3_600_000))
  const leads = n('lead')
  const honeypot = n('spam:honeypot')
  const turnstile = n('spam:turnstile')
  const spam = honeypot + turnstile
  const lines: string[] = [`Esto pasó el ${date} con el formulario de cotización de tu sitio:`, '']
  lines.push(`- Solicitudes nuevas: ${leads}.`)
  if (spam > 0) {
    const reasons = [
      honeypot ? `${honeypot} llenaron el campo oculto que solo ven los robots` : '',
      turnstile ? `${turnstile} no pasaron la verificación anti-robots` : '',
    ].filter(Boolean)
    lines.push(
      `- Apartadas como spam: ${spam} (${reasons.join('; ')}). No te avisamos de ellas una por una. Están en tu bandeja, en «Spam», por si alguna es de un cliente: ábrela y toca «No es spam».`,
    )
    if (n('spam-unstored'))
      lines.push(
        `  De ellas, ${n('spam-unstored') === 1 ? '1 no se guardó' : `${n('spam-unstored')} no se guardaron`} porque ya se había llenado el cupo de solicitudes por hora.`,
      )
  }
  if (n('refused'))
    lines.push(
      `- Rechazadas porque se llenó el cupo de solicitudes por hora: ${n('refused')}. A quien las envió le mostramos tu teléfono y tu WhatsApp para que te contacte directamente.`,
    )
  if (n('rate-limited'))
    lines.push(`- Bloqueadas por llegar demasiadas desde una misma conexión: ${n('rate-limited')}.`)
  if (n('batched'))
    lines.push(
      `- Te llegaron en el resumen por hora y no una por una: ${n('batched')} (se llenó el cupo de avisos por hora).`,
    )
  if (n('quick'))
    lines.push(
      `- Llenadas más rápido de lo que suele escribir una persona: ${n('quick')}. Las guardamos como nuevas; revisa que sean de clientes reales.`,
    )
  if (n('turnstile-unavailable'))
    lines.push(
      `- La verificación anti-robots (Turnstile) no respondió: ${plural(n('turnstile-unavailable'), 'solicitud entró', 'solicitudes entraron')} sin verificar.`,
    )
  if (n('turnstile-misconfigured'))
    lines.push(
      `- La verificación anti-robots (Turnstile) está mal configurada: ${plural(n('turnstile-misconfigured'), 'solicitud entró', 'solicitudes entraron')} sin verificar. Pide a quien administra tu sitio que revise su clave secreta (TURNSTILE_SECRET_KEY).`,
    )
  if (n('refused') || n('spam-unstored'))
    lines.push(
      '',
      'Cuando se llena el cupo por hora casi siempre es un robot. Si vuelve a pasar, pide a quien administra tu sitio que active la verificación anti-robots (Turnstile).',
    )
  lines.push(...inboxLine(context, 'Todas tus solicitudes'))
  const subjectParts = [
    plural(leads, 'solicitud', 'solicitudes'),
    spam ? plural(spam, 'apartada como spam', 'apartadas como spam') : '',
  ]
  return message(`Resumen del ${date}: ${subjectParts.filter(Boolean).join(', ')}`, lines, {
    summary: {
      day,
      leads,
      spam: { honeypot, turnstile, unstored: n('spam-unstored') },
      refused: n('refused'),
      rateLimited: n('rate-limited'),
      batched: n('batched'),
      quick: n('quick'),
      turnstileUnavailable: n('turnstile-unavailable'),
      turnstileMisconfigured: n('turnstile-misconfigured'),
      inbox: context.inbox,
    },
  })
}
