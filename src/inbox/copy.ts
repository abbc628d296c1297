/** Everything the inbox says to the owner, in one place (es-MX). */
import type { NotificationState, Status } from '../../edge/inbox/store'

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
}

export function notificationText({ state, attempts }: NotificationState): string {
  if (state === 'delivered') return 'entregado'
  if (state === 'failed') return 'fallido'
  return attempts > 0
    ? `pendiente, reintentando (${attempts} ${attempts === 1 ? 'intento' : 'intentos'})`
    : 'pendiente'
}

export const copy = {
  title: 'Solicitudes',
  allStatuses: 'Todas',
  allStatusesHint: 'Todas menos spam',
  filterLegend: 'Estado',
  searchLabel: 'Buscar por nombre, teléfono, correo o mensaje',
  searchPlaceholder: 'Buscar…',
  export: 'Descargar CSV',
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
  sessionEnded: 'Tu sesión terminó. Vuelve a entrar.',
  saved: 'Nota guardada.',
  deleted: 'Solicitud eliminada.',
  failed: 'No se pudo guardar. Revisa tu conexión e inténtalo de nuevo.',
  unreachable: 'No se pudo abrir la bandeja. Revisa tu conexión.',
  retry: 'Reintentar',
  statusChanged: (name: string, status: Status) => `${name}: ahora «${STATUS_LABEL[status]}».`,
  count: (shown: number, total: number) =>
    total === 1 ? '1 solicitud' : shown < total ? `${shown} de ${total} solicitudes` : `${total} solicitudes`,
  spamReason: 'Apartada como spam',
  fromPage: 'Enviada desde',
  service: 'Servicio',
  received: 'Recibida',
}
