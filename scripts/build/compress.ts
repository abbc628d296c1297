/**
 * Precompress: writes .br and .gz next to every text file in dist/ (the types of host-rules'
 * COMPRESSIBLE_TYPES: HTML, JS, CSS, SVG, XML, JSON, TXT, webmanifest) so the serve script and static hosts can send them without compressing per request.
 * Run by `npm run build`: `tsx scripts/build/compress.ts`.
 *
 * Brotli at quality 11 is most of a build's time when done file after file (15 s of a 46 s build), and the tests
 * build many variants that share almost every file. So the files are compressed on zlib's thread pool, and each
 * result is kept under node_modules/.cache/, named by the SHA-256 of what was compressed and how: a file already
 * seen is copied, not compressed again. The output is the same bytes either way (the compressors are
 * deterministic); COMPRESS_CACHE=off skips the cache.
 */
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { COMPRESSIBLE_TYPES } from '../hosts/host-rules'

const root = path.resolve(import.meta.dirname, '../..')
const dist = path.resolve(root, process.env.DIST_DIR || 'dist')
const TEXT = new Set(Object.keys(COMPRESSIBLE_TYPES))
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }
const GZIP = { level: 9 }
/** Part of every cache name: a change of settings never reuses an old result. */
const SETTINGS = JSON.stringify({
  brotli: BROTLI,
  gzip: GZIP,
  zlib: process.versions.zlib,
  brotliLib: process.versions.brotli,
})
const cacheDir = process.env.COMPRESS_CACHE === 'off' ? null : path.join(root, 'node_modules/.cache/compress')

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const compressors = {
  br: (source: Buffer) => brotliAsync(source, BROTLI),
  gz: (source: Buffer) => gzipAsync(source, GZIP),
}

/** Writes `<file>.<kind>`; true when it came from the cache. */
async function writeCompressed(file: string, source: Buffer, kind: keyof typeof compressors) {
  const target = `${file}.${kind}`
  if (!cacheDir) {
    await writeFile(target, await compressors[kind](source))
    return false
  }
  const key = createHash('sha256').update(SETTINGS).update(kind).update(source).digest('hex')
  const cached = path.join(cacheDir, `${key}.${kind}`)
  try {
    await copyFile(cached, target)
    return true
  } catch {
    const output = await compressors[kind](source)
    await writeFile(target, output)
    // Written whole, then renamed: a build running beside this one never reads half a file.
    const partial = `${cached}.${process.pid}.tmp`
    await writeFile(partial, output)
    await rename(partial, cached)
    return false
  }
}

if (cacheDir) await mkdir(cacheDir, { recursive: true })
const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && TEXT.has(path.extname(entry.name)))
  .map((entry) => path.join(entry.parentPath, entry.name))
const reused = await Promise.all(
  files.map(async (file) => {
    const source = await readFile(file)
    const kinds = ['br', 'gz'] as const
    return (await Promise.all(kinds.map((kind) => writeCompressed(file, source, kind)))).every(Boolean)
  }),
)
const hits = reused.filter(Boolean).length
console.log(`compress: ${files.length} files -> .br + .gz (${hits} from the cache)`)
