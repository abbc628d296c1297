/**
 * The variables that point the edge code at a test's stand-ins instead of a real service: GITHUB_OAUTH_ORIGIN,
 * GITHUB_API_ORIGIN (the sign-ins), TURNSTILE_VERIFY_URL (siteverify), LEAD_TEST_CLOCK_URL (the leads' clock).
 * A stray one in production would send a sign-in's code, or a lead's check, to whatever it names. So each is
 * honoured only when it points at this machine: http(s) to 127.0.0.0/8, [::1] or localhost. That is what a
 * test's stand-in is (they listen on loopback), and a Worker on Cloudflare cannot open a connection to
 * loopback at all, so an honoured override can only ever work on a developer's machine: in production a stray
 * one pointing at loopback fails closed (the sign-in answers that GitHub did not respond; the clock falls back
 * to the real one), and one pointing anywhere else is ignored, with one line in the log saying so. No flag
 * decides it: a flag can be set by mistake too, an address cannot reach what is not there.
 */

const warned = new Set<string>()

/** Whether a URL points at this machine. */
export function isLoopbackUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  const host = url.hostname.toLowerCase()
  return host === 'localhost' || host === '[::1]' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host)
}

/** The override's value when it is set and points at loopback; otherwise undefined (and logged once). */
export function testOverride(name: string, value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  if (!trimmed) return undefined
  if (isLoopbackUrl(trimmed)) return trimmed
  if (!warned.has(name)) {
    warned.add(name)
    console.error(
      `${name} is set but ignored: it is a test-only override, honoured only when it points at loopback (docs/configuration.md)`,
    )
  }
  return undefined
}
