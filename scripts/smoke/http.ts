/**
 * Plain HTTP(S) requests with full control: no redirect following, no automatic decompression (so the
 * compression check sees Content-Encoding as sent), the caller's Accept-Encoding, a timeout.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

const USER_AGENT = 'aquapuebla-smoke/1.0 (+npm run smoke)'

/** What one request got back: the body as received (still compressed when Content-Encoding says so). */
export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  raw: Buffer
}

/** A GET's answer, with its body decoded to text too (br/gzip undone). */
export interface HttpAnswer extends RawAnswer {
  url: string
  text: string
}

/** Where a request goes: a URL (its path normalised, as URL does), or a loopback port and a path sent as written. */
export type Target = URL | { port: number; path: string }

/**
 * One HTTP(S) request: no redirect followed, nothing decompressed, a timeout. With `{ port, path }` it goes to
 * 127.0.0.1 on its own connection with the path exactly as written (`..` and `%2e` kept), for server tests
 * (test/helpers/http.ts).
 */
export function request(
  target: Target,
  {
    method = 'GET',
    headers = {},
    timeout,
  }: { method?: string; headers?: Record<string, string>; timeout: number },
): Promise<RawAnswer> {
  const url = target instanceof URL
  const send = url && target.protocol === 'https:' ? httpsRequest : httpRequest
  const where = url ? target.href : target.path
  return new Promise((resolve, reject) => {
    const options = { method, headers, timeout }
    const onAnswer = (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }),
      )
    }
    const req = url
      ? send(target, options, onAnswer)
      : httpRequest(
          { ...options, host: '127.0.0.1', port: target.port, path: target.path, agent: false },
          onAnswer,
        )
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${where} within ${timeout} ms`)))
    req.on('error', reject)
    req.end()
  })
}

export async function get(
  url: string,
  { timeout, acceptEncoding = 'br, gzip' }: { timeout: number; acceptEncoding?: string },
): Promise<HttpAnswer> {
  const { status, headers, raw } = await request(new URL(url), {
    headers: {
      'User-Agent': USER_AGENT,
      Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
    },
    timeout,
  })
  return { url, status, headers, raw, text: decode(raw, String(headers['content-encoding'] ?? '')) }
}

function decode(raw: Buffer, encoding: string): string {
  try {
    if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8')
    if (encoding === 'gzip') return gunzipSync(raw).toString('utf8')
  } catch {
    return ''
  }
  return raw.toString('utf8')
}

/** A header's value as one string ('' when absent). */
export function header(answer: HttpAnswer, name: string): string {
  const value = answer.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : (value ?? '')
}

/** Why a request failed, in a few words: "connection refused", "host not found", the TLS error … */
export function describeNetworkError(error: unknown): string {
  const code = (error as { code?: string }).code
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host name could not be resolved',
    ECONNRESET: 'connection reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
  }
  if (code && known[code]) return known[code]
  return error instanceof Error ? error.message : String(error)
}
