/**
 * Raw HTTP for server tests: one request on its own connection, the target sent exactly as written
 * (no normalising of `..` or `%2e`), and the body as the server sent it (compressed or not). The request
 * itself is the smoke kit's (scripts/smoke/http.ts): one HTTP client for both.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { request } from '../../scripts/smoke/http'

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  text: string
}

export async function send(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  const { raw, ...answer } = await request({ port, path: target }, { method, headers, timeout: 20_000 })
  return { ...answer, body: raw, text: raw.toString('utf8') }
}

/** Bytes straight onto a socket, for request lines and headers that http.request would refuse to write. */
export function sendRaw(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer within 20 s')))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text })
    })
    socket.end(head)
  })
}
