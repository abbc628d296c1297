/**
 * A loopback proxy in front of a server, for what a test makes the network do between the browser and the site:
 * hold a script (a slow phone's network), lose an answer on its way back, drop a header (a host misconfigured), or
 * answer a path itself (a lead endpoint that fails). `handle` sees each request with its whole body and decides;
 * by default everything passes through as it came.
 */
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface Exchange {
  req: IncomingMessage
  res: ServerResponse
  /** Path and query, as the browser asked. */
  path: string
  body: Buffer
  /**
   * Sends the request on to the target. With `onAnswer` the whole answer comes to it, to pass on changed
   * (`res.writeHead(…).end(…)`) or to drop; without it the answer streams through as it is.
   */
  pass(onAnswer?: (answer: Answer) => void): void
}

export interface Proxy {
  url: string
  /** Where requests go; settable after the proxy has its port (a server may need that port first). */
  target: string
  close(): Promise<void>
}

export async function startProxy(
  target: string,
  handle: (exchange: Exchange) => void = (exchange) => exchange.pass(),
): Promise<Proxy> {
  const proxy = { target } as Proxy
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const path = req.url ?? '/'
      const pass = (onAnswer?: (answer: Answer) => void) => {
        const upstream = request(
          new URL(path, proxy.target),
          { method: req.method, headers: req.headers },
          (answer) => {
            if (!onAnswer) {
              res.writeHead(answer.statusCode ?? 502, answer.headers)
              return void answer.pipe(res)
            }
            const parts: Buffer[] = []
            answer.on('data', (chunk: Buffer) => parts.push(chunk))
            answer.on('end', () =>
              onAnswer({
                status: answer.statusCode ?? 502,
                headers: answer.headers,
                body: Buffer.concat(parts),
              }),
            )
          },
        )
        upstream.on('error', () => res.destroy())
        upstream.end(body)
      }
      handle({ req, res, path, body, pass })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return proxy
}

/** Drops the answer to the next POST to /api/leads: the server stored the lead, the phone lost its signal. */
export function lossyProxy() {
  let dropNext = false
  const posts: { body: string; status: number; dropped: boolean }[] = []
  const handle = (exchange: Exchange) => {
    const post = exchange.req.method === 'POST'
    const dropping = post && dropNext
    if (post) dropNext = false
    exchange.pass((answer) => {
      if (post) posts.push({ body: exchange.body.toString('utf8'), status: answer.status, dropped: dropping })
      // Lost on the way back: the server has answered (and stored), the browser sees the connection die.
      if (dropping) return void exchange.res.socket?.destroy()
      // One connection per request: a browser silently resends a request whose reused keep-alive connection
      // dies, and the lost answer would not be lost.
      exchange.res.writeHead(answer.status, { ...answer.headers, connection: 'close' }).end(answer.body)
    })
  }
  return { handle, posts, dropNextAnswer: () => (dropNext = true) }
}
