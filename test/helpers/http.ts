/**
 * Raw HTTP for server tests: one request on its own connection, the target sent exactly as written
 * (no normalising of `..` or `%2e`), and the body as the server sent it (compressed or not).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  text: string
}

export function send(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: target, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') })
        })
      },
    )
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer to ${method} ${target} within 20 s`)))
    req.on('error', reject)
    req.end()
  })
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
