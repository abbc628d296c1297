/**
 * The inbox's web app manifest (issue 42, 2), written by its build as /admin/solicitudes/manifest.webmanifest
 * (vite.inbox.config.ts): what a phone needs to install the inbox as an app of its own, apart from the public
 * site's manifest (/manifest.webmanifest, which stays as it is). Its id, start URL and scope are the inbox, so
 * the installed app opens the inbox and nothing outside it; standalone (no browser bar), which iOS also needs to
 * deliver push (16.4 or later, from the home screen); the brand's icons, the maskable one for Android's shapes.
 */
import { INBOX_SCOPE } from '../../contract/push'

/** The colours of the inbox's bar and background (inbox.css --deep and --water). */
export const INBOX_THEME_COLOR = '#0b2a3c'
export const INBOX_BACKGROUND_COLOR = '#eef7fb'

export function inboxManifest(brand: string) {
  return {
    id: INBOX_SCOPE,
    name: `${brand} · Solicitudes`,
    short_name: 'Solicitudes',
    description: 'Las solicitudes de cotización de tu sitio, con avisos al instante en tu celular.',
    lang: 'es-MX',
    dir: 'ltr',
    start_url: INBOX_SCOPE,
    scope: INBOX_SCOPE,
    display: 'standalone',
    background_color: INBOX_BACKGROUND_COLOR,
    theme_color: INBOX_THEME_COLOR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}
