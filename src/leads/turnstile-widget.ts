/**
 * Cloudflare Turnstile in the quote form, only when the build sets TURNSTILE_SITE_KEY (and the form posts to
 * an endpoint): its script, loaded once the form is on screen, renders the widget into `.cf-turnstile` and
 * adds the hidden `cf-turnstile-response` field the endpoint checks (edge/leads/turnstile.ts). The form never
 * sends without a token (decision 040): it waits for the widget's, and says so when none comes. Plain DOM only
 * here, so the build step can import the CSP sources.
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

/** How long a send waits for the widget's token (a visitor may have to tick its box) before it gives up. */
export const TOKEN_WAIT_MS = 45_000
/** How long the widget's script may take to arrive before a send stops waiting for it. */
export const SCRIPT_WAIT_MS = 15_000

/** Set when Turnstile's script could not load (a network that blocks Cloudflare's challenge): no token will come. */
let scriptFailed = false

/** Adds Turnstile's script to the page once. */
export function loadTurnstile(): void {
  if (document.querySelector(`script[src="${TURNSTILE_SCRIPT}"]`)) return
  const script = document.createElement('script')
  script.src = TURNSTILE_SCRIPT
  script.async = true
  script.addEventListener('error', () => (scriptFailed = true))
  document.head.append(script)
}

/** The token the widget put in the form ('' when it has none), and a fresh widget for the next send. */
export function turnstileToken(form: HTMLFormElement): string {
  const field = form.elements.namedItem(TURNSTILE_FIELD)
  return field instanceof HTMLInputElement ? field.value : ''
}

/**
 * The widget's token, waiting for it when it has none yet (it is still solving, or the visitor has to tick its
 * box); '' when none comes: the script could not load, or did not arrive within SCRIPT_WAIT_MS, or no token within
 * TOKEN_WAIT_MS.
 */
export async function waitForTurnstileToken(
  form: HTMLFormElement,
  { tokenWaitMs = TOKEN_WAIT_MS, scriptWaitMs = SCRIPT_WAIT_MS, everyMs = 250 } = {},
): Promise<string> {
  const started = Date.now()
  for (;;) {
    const token = turnstileToken(form)
    if (token) return token
    const waited = Date.now() - started
    const loaded = Boolean((window as { turnstile?: unknown }).turnstile)
    if (scriptFailed || waited >= tokenWaitMs || (!loaded && waited >= scriptWaitMs)) return ''
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

export function resetTurnstile(): void {
  const api = (window as { turnstile?: { reset(): void } }).turnstile
  try {
    api?.reset()
  } catch {
    // No widget rendered yet.
  }
}
