/**
 * The build's record (scripts/lib/build-info.ts) as `npm start` and the browser projects read it: a build of the
 * wanted settings and sources is current; another build, a newer source, or a folder left half built by a step run
 * alone (`vite build` empties dist/ and writes no page) is stale, with the reason a person reads.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildInfoPath, staleReason, writeBuildInfo } from '../../scripts/lib/build-info'
import { readBuildSettings } from '../../scripts/lib/build-settings'

let root: string
let dist: string
let contentDir: string
const settings = readBuildSettings({})
const env = {}

/**
 * A checkout whose sources are a minute old, and a build of them that ended half a minute ago (file times are
 * set, not waited for: the file system's clock is coarser than Date.now()).
 */
function build(): void {
  const past = new Date(Date.now() - 60_000)
  mkdirSync(path.join(root, 'src'), { recursive: true })
  writeFileSync(path.join(root, 'src', 'main.tsx'), 'export {}\n')
  utimesSync(path.join(root, 'src', 'main.tsx'), past, past)
  mkdirSync(contentDir, { recursive: true })
  writeFileSync(path.join(contentDir, 'empresa.yaml'), 'nombre: AquaPuebla\n')
  utimesSync(path.join(contentDir, 'empresa.yaml'), past, past)
  mkdirSync(dist, { recursive: true })
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>')
  utimesSync(dist, past, past)
  writeBuildInfo(buildInfoPath(dist, env), { settings, contentDir, builtAt: Date.now() - 30_000 })
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-info-'))
  dist = path.join(root, 'dist')
  contentDir = path.join(root, 'content')
  build()
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const reason = () => staleReason(dist, { settings, contentDir }, root, env)

test('a build of the wanted settings and of the sources as they are is current', () => {
  expect(reason()).toBeNull()
})

test('a build with other settings is stale, and the reason names the setting', () => {
  expect(
    staleReason(dist, { settings: { ...settings, LEAD_ENDPOINT: '/api/leads' }, contentDir }, root, env),
  ).toBe('it was built with LEAD_ENDPOINT="" (wanted "/api/leads")')
})

test('a source edited after the build makes it stale, and the reason names the file', () => {
  writeFileSync(path.join(root, 'src', 'main.tsx'), 'export const edited = true\n')
  expect(reason()).toBe(`${path.join('src', 'main.tsx')} changed after it was built`)
})

test('a folder emptied by a build step run alone (no home page) is not taken for the build', () => {
  rmSync(dist, { recursive: true })
  mkdirSync(path.join(dist, 'assets'), { recursive: true })
  expect(reason()).toBe('dist/ has no index.html: the build is missing or half done')
})

test('a folder written after the record ended is not taken for the build either', () => {
  writeFileSync(path.join(dist, 'stray.js'), '')
  expect(reason()).toBe('dist/ changed after the build ended (a build step run alone?)')
})

test('no record at all says so', () => {
  rmSync(buildInfoPath(dist, env))
  expect(reason()).toMatch(/^there is no build record \(dist-server\/build-info\.json\): no build yet$/)
})
