/**
 * `npm start` (scripts/start.ts) itself, as the owner runs it: the script builds (into its own folder here),
 * migrates a local D1, reads a `.dev.vars` in wrangler's format whose e-mail API and webhook point at the
 * notification stand-in (test/stand-ins/notify.ts), says which channels are on, and serves the site in
 * `wrangler pages dev`. A quote request sent from /contacto in Chromium reaches the stand-in as one e-mail
 * (the key from .dev.vars, the addresses as written) and one webhook call; no secret is printed or put on a
 * command line; SITE_URL from .dev.vars gives way to the local origin.
 * Takes a build (~1-3 min on 2 cores) and ~30 s. START_TEST_DIST=<folder> keeps the build there between runs.
 * Run: `npx jest test/hosts/start.test.ts --selectProjects chromium --runInBand`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'puppeteer-core'
import { freePort } from '../../scripts/hosts/servers'
import { shellEnvironment } from '../../scripts/lib/build-into'
import { BUILD_HOOK_MS, launchBrowser, openPage, projectRoot } from '../helpers/browser'
import {
  button,
  field,
  openFreshContact,
  SUBMIT,
  SUCCESS_TITLE,
  VALID,
  waitForToast,
  type FieldKey,
} from '../helpers/quote-form'
import { startNotifyStandIn, type NotifyStandIn } from '../stand-ins/notify'

const TSX = path.join(projectRoot, 'node_modules/.bin/tsx')
const scratch = mkdtempSync(path.join(tmpdir(), 'npm-start-'))
const keepBuild = process.env.START_TEST_DIST
const dist = keepBuild ? path.resolve(keepBuild) : path.join(scratch, 'dist')

let standIn: NotifyStandIn
let browser: Browser
let start: ChildProcessWithoutNullStreams
let output = ''
let origin = ''

/** Resolves once `npm start`'s output contains `text`; fails with the output if the script exits first. */
function printed(text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (output.includes(text)) return finish(resolve)
      if (start.exitCode !== null)
        finish(() => reject(new Error(`npm start exited (${start.exitCode}):\n${output}`)))
    }
    const timer = setTimeout(
      () => finish(() => reject(new Error(`npm start did not print "${text}":\n${output}`))),
      timeoutMs,
    )
    const finish = (then: () => void) => {
      clearTimeout(timer)
      start.stdout.off('data', check)
      start.off('exit', check)
      then()
    }
    start.stdout.on('data', check)
    start.on('exit', check)
    check()
  })
}

beforeAll(async () => {
  // A key of this run's own: other sessions' tests on this machine use the stand-in's default one.
  standIn = await startNotifyStandIn(`re_start_${randomUUID().replace(/-/g, '')}`)
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  const devVars = path.join(scratch, '.dev.vars')
  // As the owner fills it from .dev.vars.example: comments, quotes, a trailing comment.
  writeFileSync(
    devVars,
    [
      '# Avisos de solicitudes: aquí, el stand-in de la prueba',
      `EMAIL_API_URL=${standIn.emailUrl}`,
      `EMAIL_API_KEY="${standIn.apiKey}"`,
      "EMAIL_FROM='AquaPuebla <avisos@aquapuebla.mx>'",
      'EMAIL_TO=duena@example.com # la dueña',
      `LEAD_WEBHOOK_URL=${standIn.webhookUrl}`,
      // The test types at machine speed.
      'LEAD_MIN_FILL_MS=0',
      'SITE_URL=https://www.aquapuebla.mx',
      '',
    ].join('\n'),
  )
  start = spawn(TSX, ['scripts/start.ts'], {
    cwd: projectRoot,
    env: shellEnvironment({
      PORT: String(port),
      DEV_VARS: devVars,
      DIST_DIR: dist,
      LOCAL_STATE_DIR: path.join(scratch, 'state'),
    }),
  })
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await printed('Ctrl+C lo detiene.', BUILD_HOOK_MS)
  browser = await launchBrowser()
}, BUILD_HOOK_MS + 60_000)

afterAll(async () => {
  await browser?.close()
  if (start && start.exitCode === null) {
    // start.ts ends wrangler (its own process group) on SIGINT, then exits.
    let timer: NodeJS.Timeout | undefined
    const exited = new Promise((resolve) => start.once('exit', resolve))
    start.kill('SIGINT')
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))])
    clearTimeout(timer)
    if (start.exitCode === null) start.kill('SIGKILL')
  }
  await standIn?.close()
  rmSync(scratch, { recursive: true, force: true })
  if (!keepBuild) {
    rmSync(`${dist}-deploy`, { recursive: true, force: true })
    rmSync(path.join(projectRoot, '.variants', `${path.basename(dist)}-server`), {
      recursive: true,
      force: true,
    })
  }
}, 60_000)

test('it says which notification channels .dev.vars turns on, and where they go, without a secret', () => {
  const port = new URL(standIn.origin).host
  expect(output).toContain(`Sitio:                  ${origin}/`)
  expect(output).toContain(
    `Aviso por correo:       a duena@example.com desde AquaPuebla <avisos@aquapuebla.mx> (vía ${port})`,
  )
  expect(output).toContain(`Aviso por webhook:      a ${port}`)
  expect(output).toContain(`Nota: SITE_URL de .dev.vars no se usa: el sitio local es ${origin}.`)
  // The key and the webhook's path (Slack's holds its secret) are never printed.
  expect(output).not.toContain(standIn.apiKey)
  expect(output).not.toContain('/webhook')
})

test('no process has the e-mail API key on its command line (wrangler reads .dev.vars from its folder)', () => {
  const commandLines = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
      } catch {
        return ''
      }
    })
  expect(commandLines.some((line) => line.includes('wrangler') && line.includes('pages dev'))).toBe(true)
  expect(commandLines.filter((line) => line.includes(standIn.apiKey))).toEqual([])
})

test('a quote request sent from /contacto reaches the owner by e-mail and webhook, as .dev.vars says', async () => {
  const { page, problems } = await openPage(browser)
  await openFreshContact(page, origin)
  for (const [key, value] of Object.entries(VALID) as [FieldKey, string][])
    await page.locator(field(key)).fill(value)
  await page.locator(button(SUBMIT)).click()
  await waitForToast(page, SUCCESS_TITLE)

  const requests = await standIn.waitFor(2, 20_000)
  const email = requests.find((request) => request.path === '/emails')
  const webhook = requests.find((request) => request.path === '/webhook')
  expect(email?.authorization).toBe(`Bearer ${standIn.apiKey}`)
  expect(email?.body).toMatchObject({
    from: 'AquaPuebla <avisos@aquapuebla.mx>',
    to: ['duena@example.com'],
    reply_to: VALID.email,
  })
  expect(String(email?.body.subject)).toContain(VALID.name)
  expect(webhook?.body).toMatchObject({ lead: { name: VALID.name, phone: VALID.phone, page: '/contacto' } })
  expect(problems).toEqual([])
  await page.close()
})
