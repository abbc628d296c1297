/**
 * A visitor whose browser will not keep site data, and a network that loses an answer: for the lead tests on
 * Cloudflare's runtime (test/hosts/lead-store.test.ts).
 * - storageBlockedChromium: Chromium with its own content setting "block all cookies and site data" (the
 *   profile's `profile.default_content_setting_values.cookies = 2`, what chrome://settings/cookies writes when
 *   the visitor picks "Block all cookies"). In its pages even reading `localStorage` throws a SecurityError,
 *   as it does for that visitor; no script of ours makes it throw.
 * - startLossyProxy: a loopback proxy in front of a server that, when told, forwards the next POST to a path
 *   and waits for the server's whole answer (it has stored the lead), then drops the connection instead of
 *   passing the answer on: the answer lost on its way back, as on a phone that loses its signal.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import puppeteer, { type Browser } from 'puppeteer-core'
import { chromiumArgs, chromiumPath } from '../../scripts/lib/offline-images'

export async function storageBlockedChromium(): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'chromium-blocked-storage-'))
  mkdirSync(path.join(profile, 'Default'))
  writeFileSync(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
  )
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    userDataDir: profile,
  })
  const close = browser.close.bind(browser)
  browser.close = async () => {
    await close()
    rmSync(profile, { recursive: true, force: true })
  }
  return browser
}

export interface ForwardedPost {
  path: string
  body: string
  /** The server's status, whether or not the client got it. */
  status: number
  dropped: boolean
}

export interface LossyProxy {
  url: string
  /** Where requests go; settable after the proxy has its port (the server may need that port first). */
  target: string
  /** Every POST forwarded, in order. */
  posts: ForwardedPost[]
  /** Drops the answer to the next POST whose path starts with `prefix`. */
  dropNextAnswer(prefix: string): void
  close(): Promise<void>
}

export async function startLossyProxy(target = ''): Promise<LossyProxy> {
  let drop: string | null = null
  const proxy = { target, posts: [] as ForwardedPost[] } as LossyProxy
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const pathname = req.url ?? '/'
      const dropping = req.method === 'POST' && drop !== null && pathname.startsWith(drop)
      if (dropping) drop = null
      const upstream = request(
        new URL(pathname, proxy.target),
        { method: req.method, headers: req.headers },
        (answer) => {
          const parts: Buffer[] = []
          answer.on('data', (chunk: Buffer) => parts.push(chunk))
          answer.on('end', () => {
            if (req.method === 'POST')
              proxy.posts.push({
                path: pathname,
                body: body.toString('utf8'),
                status: answer.statusCode ?? 0,
                dropped: dropping,
              })
            // Lost on the way back: the server has answered (and stored), the browser sees the connection die.
            if (dropping) return void res.socket?.destroy()
            // One connection per request: a browser silently resends a request whose reused keep-alive
            // connection dies, and the lost answer would not be lost.
            res
              .writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'close' })
              .end(Buffer.concat(parts))
          })
        },
      )
      upstream.on('error', () => res.destroy())
      upstream.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.dropNextAnswer = (prefix) => {
    drop = prefix
  }
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return proxy
}
