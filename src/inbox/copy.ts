/** Everything the inbox says to the owner, in one place (es-MX): the components take their words from here. */
import type { ContactWay, NotificationState, Status } from '../../contract/inbox-api'
import { spanishDuration } from '../../contract/owner-time'

export const STATUS_LABEL: Record<Status, string> = {
  nuevo: 'Nuevo',
  contactado: 'Contactado',
  cotizado: 'Cotizado',
  ganado: 'Ganado',
  perdido: 'Perdido',
  spam: 'Spam',
}

export const CHANNEL_LABEL: Record<NotificationState['channel'], string> = {
  email: 'Aviso por correo',
  webhook: 'Aviso por webhook',
  push: 'Aviso al celular',
}

export function notificationText({ state, attempts }: NotificationState): string {
  if (state === 'delivered') return 'entregado'
  if (state === 'failed') return 'fallido'
  return attempts > 0
    ? `pendiente, reintentando (${attempts} ${attempts === 1 ? 'intento' : 'intentos'})`
    : 'pendiente'
}

/**
 * Why the endpoint set a lead aside (`leads.spam_reason`), as the owner reads it: for one lead, and for
 * several ("2 llenaron …"). Rows written before a rule changed keep their old reason (`too-fast`).
 */
const SPAM_REASONS: Record<string, { one: string; many: string }> = {
  honeypot: {
    one: 'llenó un campo que solo ven los robots',
    many: 'llenaron un campo que solo ven los robots',
  },
  turnstile: {
    one: 'no pasó la prueba de Cloudflare que distingue personas de robots',
    many: 'no pasaron la prueba de Cloudflare que distingue personas de robots',
  },
  'too-fast': {
    one: 'se envió más rápido de lo que escribe una persona',
    many: 'se enviaron más rápido de lo que escribe una persona',
  },
}

/** One reason in words; a reason this page does not know is named as it was stored. */
export function spamReasonText(reason: string | null, count = 1): string {
  const known = reason === null ? undefined : SPAM_REASONS[reason]
  if (known) return count === 1 ? known.one : known.many
  return reason === null ? 'sin motivo registrado' : `otro motivo («${reason}»)`
}

export const CONTACT_WAY_LABEL: Record<ContactWay, string> = {
  estado: 'cambio de estado',
  llamada: 'llamada',
  whatsapp: 'WhatsApp',
  correo: 'correo',
}

const MONTHS = new Intl.DateTimeFormat('es-MX', { month: 'long', timeZone: 'UTC' })

/** "noviembre" of "2026-11". */
export const monthName = (month: string) => MONTHS.format(new Date(`${month}-15T12:00:00Z`))

/** What the owner reads about a lead's deadline: the time left, how late it is, or how it was answered. */
export const promiseCopy = {
  left: (ms: number) => `Quedan ${spanishDuration(ms)}`,
  late: (ms: number) => `Vencida hace ${spanishDuration(ms)}`,
  dueAt: (when: string) => `vence ${when}`,
  dueWas: (when: string) => `venció ${when}`,
  noDeadline: 'Sin plazo registrado',
  urgent: 'Emergencia',
  answered: (after: number, via: ContactWay) =>
    `Respondida en ${spanishDuration(after)}, por ${CONTACT_WAY_LABEL[via]}`,
  answeredLate: 'fuera de plazo',
  answeredInTime: 'a tiempo',
  undoContact: 'Deshacer',
  undoHint: '¿Lo tocaste sin querer? Deshacer lo vuelve a «Por atender».',
  contactUndone: (name: string) => `${name} volvió a «Por atender».`,
  contactRecorded: (name: string, via: ContactWay) =>
    `${name}: anotamos tu primer contacto por ${CONTACT_WAY_LABEL[via]}.`,
  figuresTitle: 'Tu promesa de respuesta',
  figuresMonth: (month: string, current: boolean) =>
    `${current ? 'Este mes' : 'El mes pasado'} (${monthName(month)})`,
  received: 'Recibidas',
  inTime: 'Respondidas a tiempo',
  figuresLate: 'Respondidas tarde',
  figuresUnanswered: 'Sin responder',
  /** "3 · 1 vencida": how many wait for a first answer, and how many of those are past their deadline. */
  unansweredOf: (unanswered: number, overdue: number) =>
    unanswered === 0
      ? '0'
      : `${unanswered} · ${overdue === 0 ? 'en plazo' : overdue === 1 ? '1 vencida' : `${overdue} vencidas`}`,
  noDeadlineCount: 'Sin plazo registrado',
  median: 'Primer contacto (mediana)',
  noMedian: '—',
  figuresNote: (answerHours: number, emergencyHours: number) =>
    `Prometes responder en ${answerHours} h y atender emergencias en ${emergencyHours} h. Las que siguen en plazo no cuentan como tarde.`,
  opened: 'La solicitud del aviso',
  openedGone: 'La solicitud de ese aviso ya no existe: quizá la eliminaste.',
  closeOpened: 'Cerrar',
  caughtUp: '¡Al día! No hay solicitudes esperando respuesta.',
  lateCount: (late: number) => (late === 1 ? '1 vencida' : `${late} vencidas`),
}

/** Where the clients came from: the line on each card and the month figures by source (contract/lead-source.ts). */
export const sourceCopy = {
  source: 'Origen',
  title: '¿De dónde llegan tus clientes?',
  note: 'Solicitudes recibidas por origen y cuántas respondiste a tiempo. «Directo»: escribieron la dirección o abrieron un enlace sin etiqueta (de WhatsApp, por ejemplo). «Sin datos»: no se pudo saber.',
  received: 'Recibidas',
  inTime: 'A tiempo',
  none: 'Ninguna solicitud.',
}

export const copy = {
  title: 'Solicitudes',
  dueView: 'Por atender',
  allStatuses: 'Todas',
  allStatusesHint: 'Todas menos spam',
  filterLegend: 'Estado',
  searchLabel: 'Buscar por nombre, teléfono, correo o mensaje',
  searchPlaceholder: 'Buscar…',
  export: 'Descargar CSV',
  exportHint: 'Las solicitudes de esta vista y búsqueda, para abrir en Excel.',
  loading: 'Cargando…',
  call: 'Llamar',
  whatsapp: 'WhatsApp',
  email: 'Correo',
  statusLabel: 'Estado',
  noteLabel: 'Nota',
  saveNote: 'Guardar nota',
  delete: 'Eliminar',
  confirmTitle: '¿Eliminar esta solicitud para siempre?',
  confirmText:
    'Se borrarán sus datos y su historial de avisos. No se puede deshacer. Úsalo cuando el cliente pida que borres sus datos.',
  confirmDelete: 'Sí, eliminar',
  cancel: 'Cancelar',
  more: 'Cargar más',
  none: 'No hay solicitudes con este filtro.',
  signInTitle: 'Bandeja de solicitudes',
  signInText:
    'Aquí llegan las solicitudes de cotización del sitio. Entra con la cuenta de GitHub con la que editas el sitio.',
  signIn: 'Entrar con GitHub',
  signedOut: 'Sesión cerrada.',
  signOutFailed: 'No se pudo cerrar la sesión. Revisa tu conexión e inténtalo de nuevo.',
  renewing: 'Confirmando tu acceso con GitHub…',
  sessionEnded: 'Tu sesión terminó. Vuelve a entrar.',
  saved: 'Nota guardada.',
  deleted: 'Solicitud eliminada.',
  failed: 'No se pudo guardar. Revisa tu conexión e inténtalo de nuevo.',
  unreachable: 'No se pudo abrir la bandeja. Revisa tu conexión.',
  retry: 'Reintentar',
  noticeShown: 'Llegó un aviso nuevo.',
  listFailed: 'No se pudo cargar la lista. Revisa tu conexión e inténtalo de nuevo.',
  statusChanged: (name: string, status: Status) => `${name}: ahora «${STATUS_LABEL[status]}».`,
  count: (shown: number, total: number) =>
    total === 1 ? '1 solicitud' : shown < total ? `${shown} de ${total} solicitudes` : `${total} solicitudes`,
  spamReason: 'Apartada como spam',
  wasSpam: 'Estuvo apartada como spam',
  spamTitle: (total: number) =>
    total === 0
      ? 'Ninguna solicitud apartada como spam'
      : total === 1
        ? '1 solicitud apartada como spam'
        : `${total} solicitudes apartadas como spam`,
  spamText:
    'El sitio no te avisó de estas. Revísalas: si alguna es de un cliente, toca «No es spam» y pasa a «Nuevo».',
  spamLatest: 'Las más recientes',
  spamAll: (total: number) => `Ver las ${total} en Spam`,
  /** The line above the list that points to the spam panel below it. */
  spamJump: (total: number) => `${total} en spam`,
  notSpam: 'No es spam',
  rescued: (name: string) => `${name} ya no está en spam: pasó a «Nuevo».`,
  undo: 'Deshacer',
  undone: (name: string) => `${name} volvió a spam.`,
  fromPage: 'Enviada desde',
  service: 'Servicio',
  received: 'Recibida',
  skipLink: 'Saltar a las solicitudes',
  signOut: 'Salir',
  section: 'Solicitudes',
}
