/**
 * Precompress: writes .br and .gz next to every text file in dist/ (the types of host-rules'
 * COMPRESSIBLE_TYPES: HTML, JS, CSS, SVG, XML, JSON, TXT, webmanifest) so the serve script and static hosts can send them without compressing per request.
 * Run by `npm run build`: `tsx scripts/build/compress.ts`.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { COMPRESSIBLE_TYPES } from '../hosts/host-rules'

const dist = path.resolve(import.meta.dirname, '../..', process.env.DIST_DIR || 'dist')
const TEXT = new Set(Object.keys(COMPRESSIBLE_TYPES))

let count = 0
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue
  const file = path.join(entry.parentPath, entry.name)
  const source = await readFile(file)
  await writeFile(
    `${file}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }))
  count += 1
}
console.log(`compress: ${count} files -> .br + .gz`)
