/**
 * What each kind of notification says (Spanish, in the owner's zone): the e-mail's subject and text, the
 * webhook's `text` (the same words, inert in Slack and in Markdown) and its data for machines. Pure: the data
 * comes from edge/leads/kinds.ts, which reads it from D1. Written only from what is stored, so every attempt of
 * one notification says exactly the same (the e-mail API's Idempotency-Key compares the payload).
 */
import { telHref, whatsappHref } from '../../contract/contact-links'
import { sourceLabel, sourceText } from '../../contract/lead-source'
import { chatEscape, oneLine, plural } from './escape'
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

/**
 * The kinds of notification (notification_kinds): a lead's own alert, the digest, the daily summary, the two
 * reminders about an unanswered lead, and the closing message of a spent send budget.
 */
export type Kind = 'lead' | 'digest' | 'summary' | 'reminder' | 'overdue' | 'budget'

export interface Message {
  /** One line, bounded. */
  subject: string
  /** The e-mail's plain text. */
  text: string
  /** The webhook's `text` (what a chat shows): the subject and `text`, inert in Slack and in Markdown. */
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
    chat: chatEscape(`${oneLine(subject, 150)}\n\n${text}`),
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
  source: {
    label: sourceLabel(lead),
    via: lead.source_via ?? null,
    landing: lead.source_landing ?? '',
    referrer: lead.source_referrer ?? '',
    utmSource: lead.source_utm_source ?? '',
    utmMedium: lead.source_utm_medium ?? '',
    utmCampaign: lead.source_utm_campaign ?? '',
    gclid: lead.source_gclid === 1,
    fbclid: lead.source_fbclid === 1,
  },
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
      `Origen: ${sourceText(lead)}`,
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

/** A lead as a digest lists it: which section it is in (`urgent-own`: an emergency already alerted on its own). */
export type DigestLead = AlertLead & { section: 'new' | 'reminder' | 'overdue' | 'urgent-own' }

export interface DigestFacts {
  /** When the schedule made it (its ref), or the UTC hour of a digest made before migration 0004. */
  ref: string
  /** Every lead it is about, in the order to list them: emergencies first, then the newest. */
  leads: DigestLead[]
}

export const DIGEST_LIST = 10

const digestLine = (lead: DigestLead, at: Date) =>
  `- ${ownerClock(new Date(lead.created_at))} · ${oneLine(lead.name, 60)} · ${lead.service} · ${lead.phone}${
    lead.due_at && (lead.section !== 'new' || lead.urgent === 1)
      ? ` · ${Date.parse(lead.due_at) <= at.getTime() ? 'venció' : 'vence'} ${ownerWhen(new Date(lead.due_at), at)}`
      : ''
  }`

/** Up to DIGEST_LIST lines of a section, then "Y 3 más." */
function listed(leads: DigestLead[], at: Date, line = digestLine): string[] {
  const rest = leads.length - DIGEST_LIST
  return [
    ...leads.slice(0, DIGEST_LIST).map((lead) => line(lead, at)),
    ...(rest > 0 ? [`Y ${rest} más.`] : []),
  ]
}

/**
 * The digest: what the owner was not told one lead at a time, made minutes after the alert ceiling is reached
 * and then at most every LEAD_DIGEST_MINUTES (edge/leads/reports.ts). Emergencies come first and say URGENTE,
 * each with its one-tap lines; then the leads past the ceiling, then the unanswered ones due soon, then the ones
 * past their deadline.
 */
export function digestMessage(facts: DigestFacts, context: MessageContext): Message {
  const at = /^\d{4}-\d\d-\d\dT\d\d$/.test(facts.ref) ? hourStart(facts.ref) : new Date(facts.ref)
  const urgent = facts.leads.filter((lead) => lead.urgent === 1)
  const of = (section: DigestLead['section']) =>
    facts.leads.filter((lead) => lead.urgent !== 1 && lead.section === section)
  const [fresh, dueSoon, overdue] = [of('new'), of('reminder'), of('overdue')]
  const parts = [
    urgent.length ? plural(urgent.length, 'emergencia sin respuesta', 'emergencias sin respuesta') : '',
    fresh.length ? plural(fresh.length, 'solicitud nueva', 'solicitudes nuevas') : '',
    dueSoon.length ? `${dueSoon.length} por vencer` : '',
    overdue.length ? plural(overdue.length, 'vencida', 'vencidas') : '',
  ].filter(Boolean)
  const lines: string[] = []
  if (urgent.length) {
    lines.push(
      `URGENTE: ${urgent.length === 1 ? 'una emergencia espera' : `${urgent.length} emergencias esperan`} tu respuesta. Atiéndela${urgent.length === 1 ? '' : 's'} primero:`,
    )
    for (const lead of urgent.slice(0, DIGEST_LIST)) {
      const tap = oneTap(lead, context)
      lines.push(
        '',
        `${digestLine(lead, at)}${lead.section === 'urgent-own' ? ' (ya te avisamos por separado)' : ''}`,
        ...tap.lines.map((line) => `  ${line}`),
      )
    }
    if (urgent.length > DIGEST_LIST) lines.push(`Y ${urgent.length - DIGEST_LIST} más.`)
  }
  const section = (title: string, leads: DigestLead[]) => {
    if (leads.length) lines.push(...(lines.length ? [''] : []), title, ...listed(leads, at))
  }
  section(
    `${plural(fresh.length, 'solicitud nueva', 'solicitudes nuevas')} que no te avisamos una por una (se llenó el cupo de avisos por hora, para no saturarte). Todas quedaron guardadas:`,
    fresh,
  )
  section(`Por vencer, siguen sin respuesta (${dueSoon.length}):`, dueSoon)
  section(`Vencidas, el plazo que prometimos ya pasó (${overdue.length}):`, overdue)
  lines.push(...inboxLine(context, 'Revísalas en tu bandeja'))
  const ids = (leads: DigestLead[]) => leads.map((lead) => lead.id)
  return message(`${urgent.length ? 'URGENTE: ' : ''}${parts.join(', ')}`, lines, {
    digest: {
      at: at.toISOString(),
      urgent: ids(urgent),
      new: ids(fresh),
      reminder: ids(dueSoon),
      overdue: ids(overdue),
      inbox: context.inbox,
    },
  })
}

/** What the budget's closing message says about one channel (edge/leads/budget.ts). */
export interface BudgetFacts {
  /** The channel in the owner's words: "correo". */
  channel: string
  /** The channel's limit in any 24 hours. */
  perDay: number
}

/**
 * The one message per channel and day that says the send budget is spent and where everything is. It says the
 * same on every attempt (nothing in it changes while it waits), as the e-mail API's Idempotency-Key requires.
 */
export function budgetMessage(facts: BudgetFacts, context: MessageContext): Message {
  return message(
    `Llegamos al límite de avisos por ${facts.channel}: revisa tu bandeja`,
    [
      `Llegamos al límite de avisos por ${facts.channel}: a lo más ${facts.perDay} en 24 horas, para no agotar tu plan de envíos. Lo último que queda lo guardamos para emergencias.`,
      'Hasta que se libere cupo (en las próximas horas), por aquí solo te avisaremos de emergencias; los demás avisos te llegarán después.',
      'Ninguna solicitud se perdió: todas están guardadas en tu bandeja, en «Por atender». Revísala ahora.',
      ...inboxLine(context, 'Tu bandeja'),
    ],
    { budget: { channel: facts.channel, perDay: facts.perDay, inbox: context.inbox } },
  )
}

/** Why a lead had to be sent straight to the owner: the database failed, or it is behind the code (a migration). */
export type AlarmCause = 'storage' | 'schema'

const ALARM_LINES: Record<AlarmCause, string[]> = {
  storage: [
    'ALARMA: esta solicitud no se pudo guardar: la base de datos de solicitudes falló. Te la mandamos directo para que no se pierda; no aparecerá en tu bandeja. Contesta desde aquí.',
    'Al cliente le mostramos tu teléfono y tu WhatsApp. Si esto se repite, avisa a quien administra tu sitio.',
  ],
  schema: [
    'ALARMA: FALLA DE CONFIGURACIÓN. La base de datos de solicitudes no está al día con el sitio (falta aplicar una migración), así que ninguna solicitud se está guardando. Te mandamos esta directo para que no se pierda; no aparecerá en tu bandeja.',
    'Pide a quien administra tu sitio que ejecute «npm run deploy:migrations» (docs/deploying/cloudflare-pages.md). Al cliente le mostramos tu teléfono y tu WhatsApp.',
  ],
}

/** A lead that could not be stored, sent straight to the owner: its alert with the alarm on top. */
export function alarmMessage(lead: AlertLead, cause: AlarmCause, context: MessageContext): Message {
  const alert = leadAlert(lead, { ...context })
  return message(
    `ALARMA: ${alert.subject}`,
    [...ALARM_LINES[cause], '', alert.text],
    { ...alert.data, alarm: cause },
    alert.replyTo,
  )
}

/** The schedule found the database behind the code: nothing is being stored until the migrations are applied. */
export function schemaMessage(found: string, expected: string, context: MessageContext): Message {
  return message(
    'ALARMA: tu sitio no está guardando solicitudes (falta aplicar una migración)',
    [
      `La base de datos de solicitudes está en la versión ${found || 'desconocida'} y el sitio necesita la ${expected}. Mientras no se actualice, las solicitudes no se guardan: cada una te llega directo con una alarma y a los clientes les mostramos tu teléfono y tu WhatsApp.`,
      'Pide a quien administra tu sitio que ejecute «npm run deploy:migrations» (docs/deploying/cloudflare-pages.md).',
      ...inboxLine(context, 'Tu bandeja'),
    ],
    { schema: { found, expected } },
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
  'no-token',
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
        `  De ellas, ${n('spam-unstored') === 1 ? '1 no se guardó' : `${n('spam-unstored')} no se guardaron`}: pasado el cupo de spam por hora solo las contamos. Nunca le quitan lugar a una solicitud de verdad.`,
      )
  }
  if (n('refused'))
    lines.push(
      `- Rechazadas porque se llenó el cupo de solicitudes por hora: ${n('refused')}. A quien las envió le mostramos tu teléfono y tu WhatsApp para que te contacte directamente.`,
    )
  if (n('no-token'))
    lines.push(
      `- Envíos sin la verificación anti-robots (Turnstile): ${n('no-token')}. No se guardaron; a quien los hizo le dijimos que su mensaje no se envió y le mostramos tu teléfono y tu WhatsApp.`,
    )
  if (n('rate-limited'))
    lines.push(`- Bloqueadas por llegar demasiadas desde una misma conexión: ${n('rate-limited')}.`)
  if (n('batched'))
    lines.push(
      `- Te llegaron en un resumen y no una por una: ${n('batched')} (se llenó el cupo de avisos por hora).`,
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
      noToken: n('no-token'),
      rateLimited: n('rate-limited'),
      batched: n('batched'),
      quick: n('quick'),
      turnstileUnavailable: n('turnstile-unavailable'),
      turnstileMisconfigured: n('turnstile-misconfigured'),
      inbox: context.inbox,
    },
  })
}
