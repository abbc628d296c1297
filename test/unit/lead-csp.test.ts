/**
 * @jest-environment node
 *
 * The Content-Security-Policy a build gets for its lead endpoint and Turnstile (scripts/hosts/host-rules.ts):
 * the same-origin endpoint (`LEAD_ENDPOINT=/api/leads`) opens nothing, another origin opens exactly that one,
 * and Turnstile's script and frame are allowed only when its site key is set.
 */
import { contentSecurityPolicy } from '../../scripts/hosts/host-rules'
import { withTurnstile } from '../../src/leads/turnstile-widget'

const inline = { scripts: [], styles: [] }
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1)

const policy = (leadEndpoint: string, siteKey = '') =>
  contentSecurityPolicy(
    {
      imageOrigin: 'https://images.unsplash.com',
      leadEndpoint,
      extra: withTurnstile({ scriptSrc: [], connectSrc: [], imgSrc: [] }, siteKey),
    },
    inline,
  )

test("the site's own endpoint keeps connect-src and form-action to 'self'", () => {
  const csp = policy('/api/leads')
  expect(directive(csp, 'connect-src')).toBe("'self'")
  expect(directive(csp, 'form-action')).toBe("'self'")
  expect(directive(csp, 'frame-src')).toBeUndefined()
})

test('an endpoint on another origin opens exactly that origin', () => {
  const csp = policy('https://aquapuebla.pages.dev/api/leads')
  expect(directive(csp, 'connect-src')).toBe("'self' https://aquapuebla.pages.dev")
  expect(directive(csp, 'form-action')).toBe("'self' https://aquapuebla.pages.dev")
})

test("Turnstile's script and frame are allowed only with its site key", () => {
  const csp = policy('/api/leads', '1x00000000000000000000AA')
  expect(directive(csp, 'script-src')).toBe("'self' https://challenges.cloudflare.com")
  expect(directive(csp, 'frame-src')).toBe('https://challenges.cloudflare.com')
  expect(directive(policy('/api/leads'), 'script-src')).toBe("'self'")
})
