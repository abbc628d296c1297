/**
 * The few HTML answers of the sign-in (a refusal, a misconfiguration): Spanish, plain text escaped, no
 * script, no style, a link back to the inbox. Their policy allows nothing at all.
 */

export const INBOX_PATH = '/admin/solicitudes/'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export function noticePage(
  status: number,
  title: string,
  message: string,
  headers: [string, string][] = [],
): Response {
  const html = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(
    title,
  )}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(
    message,
  )}</p><p><a href="${INBOX_PATH}">Volver a la bandeja de solicitudes</a></p></main></body></html>`
  const all = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy':
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'X-Robots-Tag': 'noindex, nofollow',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  })
  for (const [name, value] of headers) all.append(name, value)
  return new Response(html, { status, headers: all })
}
