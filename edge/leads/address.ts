/**
 * The client address Cloudflare reports (CF-Connecting-IP), parsed strictly, and the rate-limit buckets it
 * falls into: an IPv4 address is one bucket; an IPv6 address counts by its /64 (one household or phone is
 * given a whole /64 and can rotate through it at will) and, with a looser limit, by its /48 (a household's or an
 * office's whole allocation: 65 536 /64s a script could walk through); an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`) is the IPv4 address it carries. Anything that is not an address shares one `unknown`
 * bucket.
 */

export type Address = { family: 4; octets: number[] } | { family: 6; groups: number[] }

/** `203.0.113.7`: four decimal octets, no leading zeros (`010` is octal to some parsers: refused). */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const octets: number[] = []
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null
    const value = Number(part)
    if (value > 255) return null
    octets.push(value)
  }
  return octets
}

/**
 * Eight 16-bit groups from any textual IPv6 form (RFC 4291 §2.2): full, `::`-compressed, with a dotted IPv4
 * tail, any case; a zone id (`fe80::1%eth0`) and brackets (`[2001:db8::1]`) are dropped first.
 */
export function parseIPv6(input: string): number[] | null {
  let text = input
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1)
  const zone = text.indexOf('%')
  if (zone >= 0) {
    if (zone === text.length - 1) return null
    text = text.slice(0, zone)
  }
  if (!text.includes(':') || text.length > 45) return null
  let tail: number[] = []
  const lastColon = text.lastIndexOf(':')
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(text.slice(lastColon + 1))
    if (!v4) return null
    tail = [((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0)]
    // `::1.2.3.4` keeps its `::`; `1:2:3:4:5:6:1.2.3.4` loses the separator before the tail.
    text = text.slice(0, lastColon + 1)
    if (!text.endsWith('::')) text = text.slice(0, -1)
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const group = (part: string) => (/^[0-9a-f]{1,4}$/i.test(part) ? parseInt(part, 16) : Number.NaN)
  const side = (part: string | undefined) => (part ? part.split(':').map(group) : [])
  const head = side(halves[0])
  const rest = halves.length === 2 ? side(halves[1]) : []
  if ([...head, ...rest].some(Number.isNaN)) return null
  const explicit = head.length + rest.length + tail.length
  if (halves.length === 2) {
    // `::` stands for at least one group of zeros.
    if (explicit > 7) return null
    return [...head, ...new Array<number>(8 - explicit).fill(0), ...rest, ...tail]
  }
  return explicit === 8 ? [...head, ...tail] : null
}

export function parseAddress(raw: string | null | undefined): Address | null {
  const text = (raw ?? '').trim()
  if (!text || text.length > 64) return null
  const v4 = parseIPv4(text)
  if (v4) return { family: 4, octets: v4 }
  const v6 = parseIPv6(text)
  if (!v6) return null
  // ::ffff:a.b.c.d (RFC 4291 §2.5.5.2) is an IPv4 client seen through an IPv6 socket.
  if (v6.slice(0, 5).every((value) => value === 0) && v6[5] === 0xffff) {
    const [high = 0, low = 0] = v6.slice(6)
    return { family: 4, octets: [high >> 8, high & 255, low >> 8, low & 255] }
  }
  return { family: 6, groups: v6 }
}

/** The bucket the rate limit counts this client in: `v4:203.0.113.7`, `v6:2001:db8:0:1::/64` or `unknown`. */
export function rateBucket(raw: string | null | undefined): string {
  const address = parseAddress(raw)
  if (!address) return 'unknown'
  if (address.family === 4) return `v4:${address.octets.join('.')}`
  return `v6:${address.groups
    .slice(0, 4)
    .map((value) => value.toString(16))
    .join(':')}::/64`
}

/** Every bucket a client counts in: its own (rateBucket), and for IPv6 its /48 (`v6:2001:db8:0::/48`). */
export function rateBuckets(raw: string | null | undefined): { bucket: string; wide: boolean }[] {
  const own = { bucket: rateBucket(raw), wide: false }
  const address = parseAddress(raw)
  if (address?.family !== 6) return [own]
  const prefix = address.groups
    .slice(0, 3)
    .map((value) => value.toString(16))
    .join(':')
  return [own, { bucket: `v6:${prefix}::/48`, wide: true }]
}

/** The address as Turnstile's `remoteip` takes it (canonical text), or null when there is none. */
export function canonicalAddress(raw: string | null | undefined): string | null {
  const address = parseAddress(raw)
  if (!address) return null
  if (address.family === 4) return address.octets.join('.')
  return address.groups.map((value) => value.toString(16)).join(':')
}
