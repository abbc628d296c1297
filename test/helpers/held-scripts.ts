/**
 * A slow phone's network, for the window between the first paint and hydration: a loopback proxy in front of a
 * site that passes everything through at once except the entry module (`/assets/index-*.js`, which every page's
 * start-up waits for), which it holds until the test releases it. The page paints from its HTML and CSS and the
 * visitor can type and press buttons while React has not attached, for as long as the test needs, in any engine
 * (no browser-specific interception). Only the entry is held: a browser opens at most six connections to a
 * host over HTTP/1.1, and holding every script would leave none for what the visitor does meanwhile.
 */
import { startProxy } from './proxy'

export async function holdScripts(target: string, held = /^\/assets\/index-[\w-]+\.js$/) {
  const waiting: (() => void)[] = []
  let holding = true
  const proxy = await startProxy(target, (exchange) => {
    if (holding && held.test(new URL(exchange.path, 'http://held.invalid').pathname))
      waiting.push(() => exchange.pass())
    else exchange.pass()
  })
  return {
    url: proxy.url,
    /** How many requests for the entry module are waiting. */
    held: () => waiting.length,
    /** Lets the held scripts (and every later one) through. */
    release() {
      holding = false
      waiting.splice(0).forEach((go) => go())
    },
    close: () => proxy.close(),
  }
}
