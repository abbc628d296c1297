/**
 * Variants of a build for the comparing benchmarks (scripts/bench/compare.ts, scripts/bench/cpu.ts): its
 * no-JS copy, the limit hydration is measured against, and its headers without COOP.
 */
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseHeadersFile } from '../hosts/host-files'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * The no-JS copy of a build: every HTML page without the app's scripts (the deferred loader and its
 * <template>, module scripts, modulepreloads, inline scripts such as the hydration data), JSON-LD kept;
 * the .br/.gz siblings rewritten so the server sends the stripped page. The CSP is the build's own: it
 * only ever allowed more than what remains.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<template id="app-scripts">[\s\S]*?<\/template>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '')
}

export function makeNoJsCopy(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true })
  cpSync(from, to, { recursive: true })
  for (const name of readdirSync(to).filter((file) => file.endsWith('.html'))) {
    const file = path.join(to, name)
    const html = stripScripts(readFileSync(file, 'utf8'))
    if (/<script(?![^>]*application\/ld\+json)|modulepreload/.test(html))
      throw new Error(`no-JS copy of ${name} still has a script`)
    writeFileSync(file, html)
    const bytes = Buffer.from(html)
    if (existsSync(`${file}.br`))
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  }
}

/** The build's own security headers (dist/_headers `/*`), minus COOP when asked. */
export function headersFor(dist: string, coop: boolean): Record<string, string> | undefined {
  if (coop) return undefined
  const everyPath = parseHeadersFile(readFileSync(path.join(dist, '_headers'), 'utf8')).find(
    (rule) => rule.pattern === '/*',
  )
  if (!everyPath) throw new Error(`${dist}/_headers has no /* rule`)
  const headers = { ...everyPath.headers }
  delete headers['Cross-Origin-Opener-Policy']
  return headers
}
