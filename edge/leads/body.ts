/**
 * Reading a lead request's body: at most MAX_BODY_BYTES (counted while reading, so a body without a
 * Content-Length cannot get past it), JSON or the form's urlencoded post, strictly UTF-8. Returns the
 * raw fields as strings or the reason it cannot.
 */

export const MAX_BODY_BYTES = 32 * 1024

export type BodyKind = 'json' | 'form'

export type ReadBody =
  { ok: true; kind: BodyKind; fields: Record<string, unknown> } | { ok: false; status: 400 | 413 | 415 }

/** The body's kind from its Content-Type, or null for anything else (415). */
export function bodyKind(contentType: string | null): BodyKind | null {
  const [type = '', ...params] = (contentType ?? '').toLowerCase().split(';')
  const charset = params.map((param) => param.trim()).find((param) => param.startsWith('charset='))
  if (charset && !/^charset="?utf-8"?$/.test(charset)) return null
  if (type.trim() === 'application/json') return 'json'
  if (type.trim() === 'application/x-www-form-urlencoded') return 'form'
  return null
}

/** The body's bytes, or null once it is longer than `limit`. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('Content-Length'))
  if (Number.isFinite(declared) && declared > limit) return null
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * `a=1&b=2` with `+` as space; a percent-escape that is not UTF-8 throws (URLSearchParams would swap
 * it for U+FFFD without a word).
 */
export function parseUrlencoded(text: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const pair of text.split('&')) {
    if (!pair) continue
    const at = pair.indexOf('=')
    const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '))
    fields[decode(key)] = decode(value)
  }
  return fields
}

export async function readLeadBody(request: Request): Promise<ReadBody> {
  const kind = bodyKind(request.headers.get('Content-Type'))
  // The size first: nothing of a body over the limit is read or parsed.
  const bytes = await readLimited(request, MAX_BODY_BYTES)
  if (!bytes) return { ok: false, status: 413 }
  if (!kind) return { ok: false, status: 415 }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return { ok: false, status: 400 }
  }
  try {
    if (kind === 'form') return { ok: true, kind, fields: parseUrlencoded(text) }
    const parsed: unknown = JSON.parse(text)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, status: 400 }
    return { ok: true, kind, fields: parsed as Record<string, unknown> }
  } catch {
    return { ok: false, status: 400 }
  }
}
