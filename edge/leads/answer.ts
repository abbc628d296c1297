/**
 * The endpoint's answers: JSON for the form's fetch (json() of ../http.ts, with the field messages on a 422),
 * a short Spanish page for a browser that posted the form without JavaScript, and the CORS headers for the
 * other origins allowed to post here (ALLOWED_ORIGINS, SITE_URL).
 */
import { leadAnswers } from '../../contract/lead-messages'
import type { LeadEnv } from './env'

/** The origins whose pages may call the endpoint: its own, SITE_URL's and ALLOWED_ORIGINS'. */
export function allowedOrigins(request: Request, env: LeadEnv): Set<string> {
  const origins = new Set([new URL(request.url).origin])
  for (const value of [env.SITE_URL ?? '', ...(env.ALLOWED_ORIGINS ?? '').split(',')]) {
    try {
      if (value.trim()) origins.add(new URL(value.trim()).origin)
    } catch {
      // Not a URL: ignored (docs/leads.md says what the variable takes).
    }
  }
  return origins
}

/** CORS headers for a request from another allowed origin; none for the same origin or no Origin. */
export function corsHeaders(request: Request, env: LeadEnv): Record<string, string> {
  const origin = request.headers.get('Origin')
  if (!origin || origin === new URL(request.url).origin || !allowedOrigins(request, env).has(origin))
    return { Vary: 'Origin' }
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
}

const BASE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

export interface PageLink {
  href: string
  text: string
  /** A way to reach the company (call, WhatsApp): a large button, one per line. */
  action?: 'call' | 'whatsapp'
}

const PAGE_STYLE = [
  'body{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#13222c}',
  'h1{color:#074f73;line-height:1.2}a{color:#0a6c9c}',
  '.actions{display:grid;gap:.75rem;margin:1.5rem 0}',
  '.actions a{display:block;padding:.85rem 1.25rem;border-radius:12px;color:#fff;',
  'font-weight:600;text-align:center;text-decoration:none}',
  '.call{background:#0a6c9c}.whatsapp{background:#1f7a4d}',
  '.actions a:focus-visible,a:focus-visible{outline:3px solid #f59f1c;outline-offset:3px}',
].join('')

/** A minimal page in the site's language, with a policy that allows nothing but its own style. */
export function page(
  status: number,
  { title, lines, links }: { title: string; lines: string[]; links: PageLink[] },
  headers: Record<string, string> = {},
): Response {
  const actions = links.filter((link) => link.action)
  const others = links.filter((link) => !link.action)
  const anchor = (link: PageLink) =>
    `<a href="${escapeHtml(link.href)}"${link.action ? ` class="${link.action}"` : ''}>${escapeHtml(link.text)}</a>`
  const html = `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | AquaPuebla</title>
<style>${PAGE_STYLE}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${actions.length ? `<p class="actions">${actions.map(anchor).join('')}</p>` : ''}
${others.length ? `<p>${others.map(anchor).join(' · ')}</p>` : ''}
</main></body></html>`
  return new Response(html, {
    status,
    headers: {
      ...BASE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      ...headers,
    },
  })
}

/** The site's contact page (and its form's anchor) for the no-JavaScript pages' links. */
export function contactLinks(request: Request, env: LeadEnv) {
  let site = new URL(request.url).origin
  try {
    if (env.SITE_URL) site = new URL(env.SITE_URL).origin
  } catch {
    // keep this origin
  }
  return {
    form: { href: `${site}/contacto#cotizacion`, text: leadAnswers.page.back },
    home: { href: `${site}/`, text: leadAnswers.page.home },
  }
}
