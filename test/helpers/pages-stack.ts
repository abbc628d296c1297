/**
 * The site as Cloudflare Pages runs it, for the host and owner tests: one `wrangler pages dev` process
 * (scripts/hosts/servers.ts startPages, the same code as `npm start`) serving a build with functions/ and a fresh
 * local D1 (migrations/ applied), the leads' schedule Worker in the same process on the same D1, and the outside
 * services on loopback: the owner's e-mail API and webhook (test/stand-ins/notify.ts), Turnstile's siteverify
 * when asked (turnstile.ts), the test clock (clock.ts; LEAD_TEST_CLOCK_URL moves the endpoint and the schedule
 * alike) and GitHub when given (github.ts). The inbox's one-time local sign-in is on (`signInPath`).
 * The test reads and writes the D1 through the same process (test/helpers/d1-worker.ts), runs the schedule as its
 * cron would (`runSchedule`), and knows nothing of ports, processes or folders:
 *
 *   const stack = thePagesStack({ vars: { LEAD_ALERTS_PER_HOUR: '5' } })
 *   beforeEach(() => stack.reset())
 *   test('…', async () => { …; await stack.waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2) })
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { D1Database, D1Result } from '../../edge/leads/d1'
import { localInboxSignIn } from '../../scripts/hosts/inbox-sign-in'
import { localD1Id, startPages, type PagesServer } from '../../scripts/hosts/servers'
import { projectCompatibilityDate } from '../../scripts/lib/compatibility-date'
import { startClockStandIn, type ClockStandIn } from '../stand-ins/clock'
import { startNotifyStandIn, type NotifyStandIn } from '../stand-ins/notify'
import { startTurnstileStandIn, TURNSTILE_TEST, type TurnstileStandIn } from '../stand-ins/turnstile'
import { builtSite, migratedD1, projectRoot, type BuildName } from './builds'
import { applyMigrations, d1Through, type TestD1 } from './d1'
import { hooked, until } from './hooks'
import { rows } from './lead-requests'
import { githubVars, type OwnersGitHub } from './owner'

/** Wednesday 25 November 2026, 16:00 UTC: 10:00 in Mexico City, where the clock starts unless told. */
export const T0 = new Date('2026-11-25T16:00:00.000Z')
export const SITE_URL = 'https://www.aquapuebla.mx'
const D1_WORKER = 'aquapuebla-test-d1'

export interface StackOptions {
  /** The build (default `endpoint`: the form posts to /api/leads), or a folder (read when the stack starts). */
  build?: BuildName | { dir: string }
  /**
   * Variables over the defaults (the channels on the stand-in, SITE_URL, the test clock, the local sign-in); a
   * function is read when the stack starts (a value known only then, as another fixture's origin).
   */
  vars?: Record<string, string> | (() => Record<string, string>)
  /** Turnstile's check on: its secret, and siteverify on the stand-in. */
  turnstile?: boolean
  /** GitHub, for the CMS's and the inbox's sign-in. */
  github?: OwnersGitHub
  /** Where the test clock starts (default T0). */
  clock?: Date
  /**
   * The database as a deployment may find it: every migration applied (default); only the ones `migrations` picks
   * (a deployment whose migrations were not all applied); or `broken`, its file no database (every query fails).
   */
  database?: 'broken' | { migrations: (file: string) => boolean }
  /** Rows written once the stack runs (the inbox's leads). */
  seed?: (db: D1Database) => Promise<unknown>
  /** https: wrangler's own self-signed certificate, as production serves the site. */
  protocol?: 'http' | 'https'
  /**
   * Its port, when another fixture needs it first; a function is read when it starts. By default wrangler takes a
   * free one itself (asking for one that was free a moment ago leaves a gap in which another process can take it).
   */
  port?: number | (() => number)
}

export interface PagesStack {
  url: string
  port: number
  d1: TestD1
  notify: NotifyStandIn
  turnstile: TurnstileStandIn | undefined
  clock: ClockStandIn
  /** The inbox's one-time sign-in link (path and query, for any origin of the server): it works once. */
  signInPath: string
  /** The rows `sql` returns, read through the running process. */
  rows<T = Record<string, unknown>>(sql: string, ...values: unknown[]): Promise<T[]>
  /** Waits until `sql` returns `count` rows (what a function or the schedule writes after answering). */
  waitForRows(sql: string, count: number): Promise<Record<string, unknown>[]>
  /** Runs the schedule Worker once, as its cron does every 5 minutes. */
  runSchedule(): Promise<void>
  /** What wrangler printed. */
  log(): string
  /** Between tests: the D1's rows gone, the stand-ins' records forgotten, the clock back at its start. */
  reset(): Promise<void>
  close(): Promise<void>
}

export async function startPagesStack({
  build = 'endpoint',
  vars = {},
  turnstile: withTurnstile = false,
  github,
  clock: start = T0,
  database,
  seed,
  protocol = 'http',
  port: wanted,
}: StackOptions = {}): Promise<PagesStack> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pages-stack-'))
  const closing: (() => Promise<unknown> | unknown)[] = [() => rmSync(dir, { recursive: true, force: true })]
  const close = async () => {
    for (const step of closing.splice(0).reverse()) await step()
  }
  try {
    const [notify, clock, turnstile] = await Promise.all([
      startNotifyStandIn(),
      startClockStandIn(start),
      withTurnstile ? startTurnstileStandIn(TURNSTILE_TEST) : undefined,
    ])
    closing.push(
      () => notify.close(),
      () => clock.close(),
      () => turnstile?.close(),
    )
    // The link's path and query are what the test uses: they hold for whatever port the server takes.
    const signIn = localInboxSignIn(`${protocol}://127.0.0.1`)
    const all = {
      EMAIL_API_URL: notify.emailUrl,
      EMAIL_API_KEY: notify.apiKey,
      EMAIL_FROM: 'AquaPuebla <avisos@aquapuebla.mx>',
      EMAIL_TO: 'ventas@aquapuebla.mx',
      LEAD_WEBHOOK_URL: notify.webhookUrl,
      SITE_URL,
      LEAD_TEST_CLOCK_URL: clock.url,
      ...signIn.vars,
      ...(github ? githubVars(github) : {}),
      ...(turnstile
        ? { TURNSTILE_SECRET_KEY: TURNSTILE_TEST.secret, TURNSTILE_VERIFY_URL: turnstile.verifyUrl }
        : {}),
      ...(typeof vars === 'function' ? vars() : vars),
    }
    // The D1 Worker's config: beside the Pages project and the schedule Worker, on the same database.
    const d1Config = path.join(dir, 'd1-worker.json')
    writeFileSync(
      d1Config,
      JSON.stringify({
        name: D1_WORKER,
        main: path.join(projectRoot, 'test', 'helpers', 'd1-worker.ts'),
        compatibility_date: projectCompatibilityDate(),
        d1_databases: [{ binding: 'DB', database_name: 'aquapuebla-leads', database_id: localD1Id() }],
      }),
    )
    const persistTo = path.join(dir, 'd1')
    const local =
      database === 'broken' || !database
        ? await migratedD1(persistTo)
        : { persistTo, databaseId: localD1Id() }
    const server: PagesServer = await startPages({
      root: typeof build === 'string' ? builtSite(build) : build.dir,
      port: (typeof wanted === 'function' ? wanted() : wanted) ?? 0,
      protocol,
      functions: { dir: path.join(projectRoot, 'functions'), vars: all, d1: local },
      schedule: { vars: all },
      workers: [d1Config],
    })
    closing.push(() => server.close())
    // Broken while it runs, as a database fails under a deployment (broken before, the runtime would not start).
    if (database === 'broken')
      for (const file of readdirSync(persistTo, { recursive: true, encoding: 'utf8' }))
        if (/\.sqlite(-wal|-shm)?$/.test(file))
          writeFileSync(path.join(persistTo, file), 'no es una base de datos\n')
    const d1 = d1Through(async (statements) => {
      const answer = await server.dispatch(D1_WORKER, '/', {
        method: 'POST',
        body: JSON.stringify({ statements }),
      })
      if (!answer.ok) throw new Error(`D1: ${await answer.text()}`)
      return (await answer.json()) as D1Result[]
    })
    if (database && database !== 'broken') await applyMigrations(d1.db, database.migrations)
    await seed?.(d1.db)
    const link = new URL(signIn.link)
    return {
      url: server.url,
      port: server.port,
      d1,
      notify,
      turnstile,
      clock,
      signInPath: `${link.pathname}${link.search}`,
      rows: (sql, ...values) => rows(d1, sql, ...values),
      // A hang guard, not a measure: the condition is the rows (what a function or the schedule writes later).
      waitForRows: (sql, count) =>
        until(
          async (): Promise<Record<string, unknown>[] | false> => {
            const found = await rows(d1, sql)
            return found.length === count && found
          },
          `${count} rows of ${sql} (${notify.requests.length} notifications sent)\n${server.log().slice(-3000)}`,
          60_000,
        ),
      runSchedule: () => server.runSchedule(),
      log: server.log,
      async reset() {
        await d1.clear()
        notify.reset()
        turnstile?.reset()
        clock.set(start)
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** The stack for the whole file (started in beforeAll, closed in afterAll). */
export const thePagesStack = (options: StackOptions = {}): PagesStack =>
  hooked(() => startPagesStack(options), 'the Pages stack')

/** The owner's e-mail API and webhook alone (for `npm start`'s own test), with this API key. */
export const theChannels = (apiKey?: string): NotifyStandIn =>
  hooked(() => startNotifyStandIn(apiKey), "the owner's channels")
