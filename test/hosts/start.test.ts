/**
 * `npm start` (scripts/start.ts) itself, as the owner runs it, on the endpoint build (what it builds; made once
 * per run by the global setup, test/helpers/builds.ts, so it says the build is up to date): it migrates a local D1,
 * reads a `.dev.vars` in wrangler's format whose e-mail API and webhook point at the notification stand-in
 * (test/stand-ins/notify.ts), says which channels are on and when the schedule runs next, and serves the site in
 * `wrangler pages dev` with the schedule Worker in the same process. A quote request sent from /contacto in
 * Chromium reaches the stand-in as one e-mail (the key from .dev.vars, the addresses as written) and one webhook
 * call; no secret is printed or put on a command line; SITE_URL from .dev.vars gives way to the local origin.
 * About 30 s. Run: `npx jest test/hosts/start.test.ts --selectProjects chromium --runInBand`.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, nextScheduleRun, SCHEDULE_CONFIG } from '../../scripts/hosts/servers'
import { theBrowser } from '../helpers/browser'
import { builtSite } from '../helpers/builds'
import { theChannels } from '../helpers/pages-stack'
import { sendQuote, VALID } from '../helpers/quote-form'
import { theScript } from '../helpers/scripts'

const scratch = mkdtempSync(path.join(tmpdir(), 'npm-start-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
// A key of this run's own: other sessions' tests on this machine use the stand-in's default one.
const standIn = theChannels(`re_start_${randomUUID().replace(/-/g, '')}`)
let origin = ''
let started = new Date()

const start = theScript('scripts/start.ts', async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  started = new Date()
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
  const env = {
    PORT: String(port),
    DEV_VARS: devVars,
    DIST_DIR: builtSite('endpoint'),
    LOCAL_STATE_DIR: path.join(scratch, 'state'),
  }
  return { env, ready: 'Ctrl+C lo detiene.' }
})
const browser = theBrowser()

test('it reuses the current build, says which channels are on, and where they go, without a secret', () => {
  const output = start.output()
  const port = new URL(standIn.origin).host
  expect(output).toMatch(/endpoint\/ is up to date\./)
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

test('one wrangler runs the site and the schedule Worker, no secret on its command line; it says when the schedule runs next', () => {
  const next =
    /Trabajo programado: {5}cada 5 min \(reintentos, resúmenes, recordatorios\); el próximo, a las (\d\d):(\d\d)/.exec(
      start.output(),
    )
  expect(next).not.toBeNull()
  // The cron's next minute after the start, or the one after it when the start took past it.
  const expected = [
    nextScheduleRun(started, 5),
    nextScheduleRun(new Date(started.getTime() + 5 * 60_000), 5),
  ].map((date) => date.toTimeString().slice(0, 5))
  expect(expected).toContain(`${next?.[1]}:${next?.[2]}`)
  // One wrangler for both (its node shim and its own process name the same command), none for the Worker alone;
  // it reads .dev.vars from its folder.
  const lines = commandLines()
  const wrangler = lines.filter((line) => line.includes('wrangler'))
  expect(wrangler.length).toBeGreaterThan(0)
  for (const line of wrangler) expect(line).toMatch(new RegExp(`pages dev .* -c \\S+/${SCHEDULE_CONFIG}`))
  expect(lines.filter((line) => line.includes(standIn.apiKey))).toEqual([])
})

/** Every process's command line on this machine. */
function commandLines(): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
      } catch {
        return ''
      }
    })
    .filter((line) => line.includes(origin.split(':').at(-1)!) || line.includes(standIn.apiKey))
}

test('a quote request sent from /contacto reaches the owner by e-mail and webhook, as .dev.vars says', async () => {
  const { page, problems } = await sendQuote(browser, origin)
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
