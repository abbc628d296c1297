/**
 * Cloudflare Turnstile in the quote form, only when the build sets TURNSTILE_SITE_KEY (and the form posts to
 * an endpoint): its script, loaded once the form is on screen, renders the widget into `.cf-turnstile` and
 * adds the hidden `cf-turnstile-response` field the endpoint checks (edge/leads/turnstile.ts). Pure parts
 * only here, so the build step can import the CSP sources.
 */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'
export const TURNSTILE_SCRIPT = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`
export const TURNSTILE_FIELD = 'cf-turnstile-response'

/** The CSP sources with Turnstile's script and frame added when it is configured. */
export function withTurnstile<T extends { scriptSrc: string[] }>(
  sources: T,
  siteKey: string,
): T & { frameSrc: string[] } {
  if (!siteKey) return { ...sources, frameSrc: [] }
  return { ...sources, scriptSrc: [...sources.scriptSrc, TURNSTILE_ORIGIN], frameSrc: [TURNSTILE_ORIGIN] }
}

/** Adds Turnstile's script to the page once. */
export function loadTurnstile(): void {
  if (document.querySelector(`script[src="${TURNSTILE_SCRIPT}"]`)) return
  const script = document.createElement('script')
  script.src = TURNSTILE_SCRIPT
  script.async = true
  document.head.append(script)
}

/** The token the widget put in the form ('' when it has none), and a fresh widget for the next send. */
export function turnstileToken(form: HTMLFormElement): string {
  const field = form.elements.namedItem(TURNSTILE_FIELD)
  return field instanceof HTMLInputElement ? field.value : ''
}

export function resetTurnstile(): void {
  const api = (window as { turnstile?: { reset(): void } }).turnstile
  try {
    api?.reset()
  } catch {
    // No widget rendered yet.
  }
}
