/**
 * Promises kept (issue 31) in Cloudflare's own runtime, on the Pages stack (test/helpers/pages-stack.ts): the
 * endpoint build, its functions/ (the endpoint and the inbox's API), a local D1, the schedule Worker in the same
 * process, the owner's e-mail API and webhook on the stand-in and the test clock moving both hours forward.
 * A visitor sends the form in Chromium; the schedule runs with the clock moved to three quarters of the deadline
 * and past it: the reminder and the overdue notice arrive once each, with their texts (an emergency's, and no
 * reminder for a lead answered in time, are test/unit/lead-promise.test.ts's); a tap on WhatsApp in the
 * inbox recorded as the first contact, in Chromium and WebKit, is test/owner/inbox-promise.test.ts's.
 * Takes ~1-2 min (2 cores). Run: `npx jest test/hosts/lead-promise.test.ts --selectProjects chromium --runInBand`.
 */
import promise from 'content:promesa'
import { theBrowser, type OpenedPage } from '../helpers/browser'
import { SITE_URL, T0, thePagesStack } from '../helpers/pages-stack'
import { sendQuote, VALID } from '../helpers/quote-form'

jest.setTimeout(240_000)

const HOUR = 3_600_000

const stack = thePagesStack()
const browser = theBrowser()
const opened: OpenedPage[] = []

beforeEach(() => stack.reset())
afterEach(() => Promise.all(opened.splice(0).map(({ page }) => page.close())))

/** The e-mail subjects of one kind of notification the owner received, in order. */
const subjects = (kind: string) =>
  stack.notify.emails
    .filter((email) => email.idempotencyKey?.startsWith(`aquapuebla/${kind}/`))
    .map((email) => String(email.body.subject))

/** Moves the clock to `hours` after T0 and runs the schedule once. */
async function scheduleAt(hours: number): Promise<void> {
  stack.clock.set(new Date(T0.getTime() + hours * HOUR))
  await stack.runSchedule()
}

test('a request from the form: its deadline from the content, one reminder at three quarters, one when overdue', async () => {
  // A visitor sends the form on /contacto; the success toast shows.
  opened.push(await sendQuote(browser, stack.url, VALID))
  const [lead] = await stack.waitForRows('SELECT id, created_at, due_at, urgent FROM leads', 1)
  expect(Date.parse(String(lead?.due_at)) - Date.parse(String(lead?.created_at))).toBe(
    promise.answerHours * HOUR,
  )
  expect(lead?.urgent).toBe(0)
  await stack.waitForRows("SELECT * FROM notifications WHERE kind = 'lead' AND state = 'delivered'", 2)
  stack.notify.reset()

  // Not yet at three quarters (18 h of 24): nothing.
  await scheduleAt(17.5)
  expect(stack.notify.requests).toEqual([])
  // Three quarters: the reminder, on both channels, once however often the schedule runs.
  await scheduleAt(18.1)
  await stack.waitForRows("SELECT * FROM notifications WHERE kind = 'reminder' AND state = 'delivered'", 2)
  await scheduleAt(18.2)
  await scheduleAt(20)
  // Due 24 h after it arrived (a few seconds after 10:00, by how long the browser took).
  expect(subjects('reminder')).toEqual([
    expect.stringMatching(
      new RegExp(
        `^Recordatorio: ${VALID.name} \\(${VALID.service}\\) espera tu respuesta antes de las 10:0\\d$`,
      ),
    ),
  ])
  expect(stack.notify.webhooks.map((call) => call.body.kind)).toEqual(['reminder'])
  const [reminder] = stack.notify.emails
  // workerd's own Intl: Spanish, the owner's zone; one tap from the client and from this lead.
  expect(String(reminder?.body.text)).toMatch(
    /quedan 5 h \d+ min para cumplir lo que le prometimos \(a más tardar hoy a las 10:0\d\)/,
  )
  expect(String(reminder?.body.text)).toContain(
    `Abrir en tu bandeja: ${SITE_URL}/admin/solicitudes/?solicitud=${String(lead?.id)}`,
  )
  // Past the deadline: the overdue notice, once.
  await scheduleAt(24.1)
  await stack.waitForRows("SELECT * FROM notifications WHERE kind = 'overdue' AND state = 'delivered'", 2)
  await scheduleAt(25)
  expect(subjects('overdue')).toEqual([
    expect.stringMatching(
      new RegExp(`^Sin respuesta: ${VALID.name} \\(${VALID.service}\\), el plazo venció a las 10:0\\d$`),
    ),
  ])
  // Four messages about this lead (a reminder and an overdue notice per channel); the next morning's summary of
  // the day also came (the form was filled by a script, faster than a person types, which the summary reports).
  expect(
    stack.notify.requests.filter((request) => !/^aquapuebla\/summary\//.test(String(request.idempotencyKey))),
  ).toHaveLength(4)
})
