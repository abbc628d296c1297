/**
 * A slow phone's network, for the window between the first paint and hydration: a loopback proxy in front of a
 * site that passes everything through at once except the entry module (`/assets/index-*.js`, which every page's
 * start-up waits for), which it holds until the test releases it. The page paints from its HTML and CSS and the
 * visitor can type and press buttons while React has not attached, for as long as the test needs, in any engine
 * (no browser-specific interception). Only the entry is held: a browser opens at most six connections to a
 * host over HTTP/1.1, and holding every script would leave none for what the visitor does meanwhile.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HeldScripts {
  url: string
  /** How many requests for the entry module are waiting. */
  held(): number
  /** Lets the held scripts (and every later one) through. */
  release(): void
  close(): Promise<void>
}

export async function holdScripts(
  target: string,
  held: RegExp = /^\/assets\/index-[\w-]+\.js$/,
): Promise<HeldScripts> {
  const waiting: (() => void)[] = []
  let holding = true
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  }
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://held.invalid').pathname
    if (holding && held.test(pathname)) waiting.push(() => pass(req, res))
    else pass(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => waiting.length,
    release() {
      holding = false
      waiting.splice(0).forEach((go) => go())
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
