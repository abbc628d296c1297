/**
 * The W3C Nu Html Checker (vnu.jar from the npm package `vnu-jar`, run by Debian's Java runtime,
 * package `default-jre-headless`) over every page the build wrote, the 404 page included: zero errors and zero
 * warnings, printed with the checker's version and its result per page.
 * One JVM checks all pages at once (HTML and the CSS in their <style> blocks). Measured on the 2-core
 * CI machine while other jobs shared it (load 11–17): 10 s of CPU, 14–32 s of wall time.
 * Run: `npx jest test/validators/html-validator.test.ts --selectProjects chromium` after `npm run build`
 * (DIST_DIR=<dir> checks another build).
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { distDir } from '../helpers/builds'
import { builtPages } from '../helpers/built-pages'

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  lastLine?: number
  message: string
  extract?: string
}

const JAVA = process.env.JAVA || 'java'

/** Java's version line, or a failure naming the Debian package: never a silent skip. */
function javaVersion(): string {
  const result = spawnSync(JAVA, ['-version'], { encoding: 'utf8' })
  if (result.error || result.status !== 0)
    throw new Error(
      `Java is needed to run the W3C Nu Html Checker and "${JAVA}" does not run (${String(result.error ?? result.stderr)}): install the Debian package default-jre-headless (apt-get install default-jre-headless)`,
    )
  return result.stderr.split('\n')[0]!.trim()
}

const describeMessage = (message: VnuMessage) =>
  `line ${message.lastLine ?? '?'}: ${message.message}${message.extract ? ` [${message.extract.replace(/\s+/g, ' ').trim()}]` : ''}`

test('the W3C Nu Html Checker finds no error and no warning on any built page', () => {
  const pages = builtPages()
  const java = javaVersion()
  // The jar the npm package vnu-jar ships (its main module exports this same path).
  const jar = require.resolve('vnu-jar/build/dist/vnu.jar')
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's own package.json
  const { version } = require('vnu-jar/package.json') as { version: string }

  const started = Date.now()
  const options = ['--format', 'json', '--stdout', '--exit-zero-always', '--also-check-css']
  const result = spawnSync(JAVA, ['-jar', jar, ...options, ...pages.map((page) => page.file)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) throw new Error(`vnu.jar failed (${result.status}): ${result.stderr}`)
  const { messages } = JSON.parse(result.stdout) as { messages: VnuMessage[] }

  const byFile = new Map<string, VnuMessage[]>(pages.map((page) => [page.file, []]))
  const unplaced: VnuMessage[] = []
  for (const message of messages)
    (byFile.get(message.url?.startsWith('file:') ? fileURLToPath(message.url) : '') ?? unplaced).push(message)

  const lines = [
    `W3C Nu Html Checker ${version} (vnu.jar) on ${java}, ${pages.length} pages in ${seconds} s:`,
  ]
  const errors: string[] = []
  for (const page of pages) {
    const found = byFile.get(page.file)!
    const pageErrors = found.filter((message) => message.type !== 'info')
    const warnings = found.filter((message) => message.type === 'info' && message.subType === 'warning')
    lines.push(
      `  ${path.relative(distDir, page.file)} (${page.route}): ${pageErrors.length} errors, ${warnings.length} warnings`,
      ...warnings.map((message) => `    warning, ${describeMessage(message)}`),
      ...pageErrors.map((message) => `    ERROR, ${describeMessage(message)}`),
    )
    errors.push(...[...pageErrors, ...warnings].map((message) => `${page.route} ${describeMessage(message)}`))
  }
  console.log(lines.join('\n'))

  expect(unplaced).toEqual([])
  expect(errors).toEqual([])
})
