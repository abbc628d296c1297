/**
 * Stand-ins for the analytics providers a configured build talks to (docs/analytics.md), answered inside the
 * browser through request interception (test/helpers/browser.ts `openPage`), so their hosts never see a request:
 * - Plausible's Events API (https://plausible.io/api/event) answers 202; each POST body is recorded.
 * - gtag.js (https://www.googletagmanager.com/gtag/js) is answered with GTAG_STAND_IN below, a few lines written
 *   for the tests: NOT Google's code. It records the commands the site pushes to `dataLayer` (consent, config) and
 *   turns each `event` command into a request to a GA4 collect URL
 *   (https://region1.google-analytics.com/g/collect?en=…&ep.<param>=…), as gtag.js would send it, so a test reads
 *   what would be sent to Google. Those requests are answered 204 and recorded.
 */
import type { HTTPRequest } from 'puppeteer-core'
import type { ExternalAnswer } from '../../scripts/lib/offline-images'

const PLAUSIBLE_EVENTS = 'https://plausible.io/api/event'

/** See the file header: a test stand-in for gtag.js, not Google's code. */
const GTAG_STAND_IN = `/* TEST STAND-IN for gtag.js (test/stand-ins/analytics.ts): not Google's code. */
(function () {
  var dataLayer = (window.dataLayer = window.dataLayer || [])
  var tid = ''
  window.__gtagCommands = []
  function handle(entry) {
    var args = Array.prototype.slice.call(entry)
    window.__gtagCommands.push(JSON.parse(JSON.stringify(args)))
    if (args[0] === 'config') tid = args[1]
    if (args[0] !== 'event') return
    var query = new URLSearchParams({ v: '2', tid: tid, en: args[1] })
    var params = args[2] || {}
    Object.keys(params).forEach(function (key) {
      if (key === 'page_location') query.set('dl', params[key])
      else if (key === 'page_title') query.set('dt', params[key])
      else query.set('ep.' + key, String(params[key]))
    })
    fetch('https://region1.google-analytics.com/g/collect?' + query, { method: 'POST', mode: 'no-cors', keepalive: true })
  }
  dataLayer.forEach(handle)
  dataLayer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i])
    return Array.prototype.push.apply(dataLayer, arguments)
  }
})()
`

export interface Sent {
  provider: 'plausible' | 'ga4'
  name: string
  /** Plausible: the event's URL; GA4: page_location (page views only). */
  url?: string
  props: Record<string, string>
  /** The raw body or query, searched for personal data. */
  raw: string
}

/** One page's view of the providers: what was sent, and every request to a Google host. */
export interface Recorder {
  sent: Sent[]
  google: string[]
  answer: ExternalAnswer
}

const CORS = { 'Access-Control-Allow-Origin': '*' }

export function analyticsRecorder(): Recorder {
  const sent: Sent[] = []
  const google: string[] = []
  const answer = (request: HTTPRequest) => {
    const url = new URL(request.url())
    if (/(^|\.)(google-analytics\.com|analytics\.google\.com|googletagmanager\.com)$/.test(url.hostname))
      google.push(url.href)
    if (url.href === PLAUSIBLE_EVENTS && request.method() === 'POST') {
      const raw = request.postData() ?? ''
      const body = JSON.parse(raw) as { name: string; url: string; props?: Record<string, string> }
      sent.push({ provider: 'plausible', name: body.name, url: body.url, props: body.props ?? {}, raw })
      return { status: 202, headers: CORS, contentType: 'text/plain', body: 'ok' }
    }
    if (url.hostname === 'www.googletagmanager.com' && url.pathname === '/gtag/js')
      return { status: 200, headers: CORS, contentType: 'text/javascript', body: GTAG_STAND_IN }
    if (url.hostname === 'region1.google-analytics.com' && url.pathname === '/g/collect') {
      const props: Record<string, string> = {}
      url.searchParams.forEach((value, key) => {
        if (key.startsWith('ep.')) props[key.slice(3)] = value
        if (key === 'dt') props.title = value
      })
      const name = url.searchParams.get('en') ?? ''
      const page = url.searchParams.get('dl') ?? undefined
      sent.push({ provider: 'ga4', name, url: page, props, raw: url.search })
      return { status: 204, headers: CORS, body: '' }
    }
    return undefined
  }
  return { sent, google, answer }
}
