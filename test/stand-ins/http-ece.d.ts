/** The part of `http_ece` (RFC 8188's reference implementation, untyped) the push stand-in uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'
  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer
  }
  export default ece
}
