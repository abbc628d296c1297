/** What the «Avisos» panel and the offline state say to the owner (es-MX); beside ./copy.ts, for issue 42's parts. */

/** A name the owner can keep for this device, from what the browser says it is. */
export function suggestedDeviceName(userAgent: string): string {
  if (/iPhone/.test(userAgent)) return 'iPhone'
  if (/iPad/.test(userAgent)) return 'iPad'
  if (/Android/.test(userAgent)) return /Mobile/.test(userAgent) ? 'Celular Android' : 'Tableta Android'
  return 'Computadora'
}

export const pushCopy = {
  title: 'Avisos en tu celular',
  barLink: 'Avisos',
  intro:
    'Te avisamos al instante de cada solicitud nueva, de las emergencias y de las que están por vencer, aunque no tengas la bandeja abierta.',
  loading: 'Revisando los avisos…',
  loadFailed: 'No se pudo leer la lista de aparatos. Revisa tu conexión.',
  serverOff:
    'Los avisos al celular todavía no están activados en el servidor. Pide a quien administra tu sitio que los active.',
  unsupported:
    'Este navegador no puede recibir avisos. En Android usa Chrome; en iPhone, Safari con la bandeja agregada a tu pantalla de inicio.',
  iosHomeScreen:
    'En iPhone los avisos solo llegan si la bandeja está en tu pantalla de inicio: en Safari toca Compartir y luego «Agregar a inicio», ábrela desde ese ícono y actívalos aquí (iOS 16.4 o posterior).',
  denied:
    'Las notificaciones de este sitio están bloqueadas en este navegador. Permítelas en sus ajustes y vuelve a esta página.',
  nameLabel: 'Nombre de este celular',
  nameHint: 'Para reconocerlo en la lista; por ejemplo, «Celular de Ana».',
  activate: 'Activar avisos en este celular',
  activating: 'Activando…',
  active: 'Este celular recibe avisos.',
  activated: (name: string) => `Listo: «${name}» recibirá los avisos.`,
  devicesTitle: (count: number) =>
    count === 0
      ? 'Ningún aparato recibe avisos todavía'
      : count === 1
        ? '1 aparato recibe avisos'
        : `${count} aparatos reciben avisos`,
  thisDevice: 'Este celular',
  since: (when: string, who: string) => `Activado ${when} por ${who}`,
  lastOk: (when: string) => `Último aviso entregado ${when}.`,
  lastError: (when: string) => `El último envío falló ${when}; lo volveremos a intentar.`,
  test: 'Enviar aviso de prueba',
  testing: 'Enviando el aviso de prueba…',
  waiting: 'Enviado. Esperando a que llegue a este celular…',
  arrived: '¡Llegó! Este celular recibe los avisos.',
  notArrived:
    'El servicio de avisos lo aceptó, pero no llegó a este celular en 20 segundos. Revisa que las notificaciones de este sitio estén permitidas y que el modo No molestar esté apagado.',
  sentOther: (name: string) => `Enviado a «${name}». Revisa que le haya llegado.`,
  remove: 'Quitar',
  removeLabel: (name: string) => `Quitar «${name}»`,
  testLabel: (name: string) => `Enviar aviso de prueba a «${name}»`,
  removed: (name: string) => `«${name}» ya no recibe avisos.`,
  failed: 'No se pudo. Revisa tu conexión e inténtalo de nuevo.',
}

export const offlineCopy = {
  title: 'Sin conexión',
  /** Signed out or not loaded yet: the shell opened from the phone, with no data. */
  text: 'La bandeja necesita internet para mostrarte tus solicitudes al día: no te enseñamos una lista guardada que podría estar vieja. En cuanto vuelva la conexión se carga sola.',
  /** Signed in, with a list on screen. */
  banner: (at: string) =>
    `Sin conexión desde las ${at}: la lista puede no estar al día y nada se guarda hasta que vuelva la conexión.`,
  back: 'Volvió la conexión.',
  refresh: 'Actualizar la lista',
}
