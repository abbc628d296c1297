/**
 * D1 for the tests. In the unit tests of edge/ code, a real database of their own (startD1): Miniflare (wrangler's
 * own local runtime, from npm) runs workerd with a D1 binding, in memory, with migrations/ applied in order as
 * `wrangler d1 migrations apply` does; the test calls the binding from Node through Miniflare's proxy. Takes ~1 s
 * to start. Miniflare 5 (wrangler 4.164's) takes its own option shape; `convertV4MiniflareOptions`, its own
 * adapter, reads the v4 one. In the host tests, the Pages stack's own database, through its process (d1Through).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import type { D1Database, D1PreparedStatement, D1Result } from '../../edge/leads/d1'
import { projectCompatibilityDate } from '../../scripts/lib/compatibility-date'

// jest and the scripts run from the project root.
export const migrationsDir = path.resolve(process.cwd(), 'migrations')

/** The statements of one migration file, comments removed. */
export function migrationStatements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean)
}

export interface TestD1 {
  db: D1Database
  /** Deletes every row of every table (between tests). */
  clear(): Promise<void>
  close(): Promise<void>
}

/** The migration files, in the order wrangler applies them. */
export const migrationFiles = () =>
  readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()

/** Applies the migration files `which` picks (default all), in order, each in one batch. */
export async function applyMigrations(db: D1Database, which: (file: string) => boolean = () => true) {
  for (const file of migrationFiles().filter(which)) {
    const statements = migrationStatements(readFileSync(path.join(migrationsDir, file), 'utf8'))
    await db.batch(statements.map((statement) => db.prepare(statement)))
  }
}

/** A fresh in-memory D1 with the migrations `which` picks applied (default all). */
export async function startD1(which?: (file: string) => boolean): Promise<TestD1> {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default { fetch() { return new Response(null, { status: 404 }) } }',
      d1Databases: { DB: 'leads-test' },
      compatibilityDate: projectCompatibilityDate(),
    }),
  )
  const db = gated((await mf.getD1Database('DB')) as unknown as D1Database)
  await applyMigrations(db, which)
  return {
    db,
    clear: () => clearTables(db),
    close: () => mf.dispose(),
  }
}

/**
 * The binding with at most `limit` calls in flight. Each call is an HTTP request from Node to Miniflare's proxy,
 * and a flood test's dozens of concurrent requests opened as many connections at once: on a loaded CI machine a
 * few failed as "TypeError: fetch failed" before reaching the database (cloudflare/workers-sdk#8473), and the
 * endpoint rightly answered those leads "not stored". D1 runs one query at a time anyway, so the queue costs the
 * tests nothing they measure.
 */
function gated(db: D1Database, limit = 4): D1Database {
  let active = 0
  const waiting: (() => void)[] = []
  const gate = async <T>(call: () => Promise<T>): Promise<T> => {
    while (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
    try {
      try {
        return await call()
      } catch (error) {
        if (!staleSocket(error)) throw error
        return await call()
      }
    } finally {
      active--
      waiting.shift()?.()
    }
  }
  const real = new WeakMap<D1PreparedStatement, D1PreparedStatement>()
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped: D1PreparedStatement = {
      bind: (...values) => wrap(statement.bind(...values)),
      run: <T>() => gate(() => statement.run<T>()),
      all: <T>() => gate(() => statement.all<T>()),
      first: <T>() => gate(() => statement.first<T>()),
    }
    real.set(wrapped, statement)
    return wrapped
  }
  return {
    prepare: (sql) => wrap(db.prepare(sql)),
    batch: <T>(statements: D1PreparedStatement[]) =>
      gate(() => db.batch<T>(statements.map((statement) => real.get(statement) ?? statement))),
  }
}

/**
 * A call written to a kept-alive socket that workerd had already closed: Miniflare's client closes idle sockets
 * after 1 s, before workerd's 5 s, but on a loaded machine its timer can fire late and the next call goes out on a
 * socket the other side has closed ("fetch failed", cause `UND_ERR_SOCKET` "other side closed"). workerd closes only
 * idle sockets, so the call never reached the database: sent again once, on a new socket.
 */
function staleSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause
  return cause?.code === 'UND_ERR_SOCKET' && cause.message === 'other side closed'
}

/** A statement as it travels to the D1 Worker of the Pages stack (test/helpers/d1-worker.ts). */
interface Sent {
  sql: string
  params: unknown[]
}

/**
 * The Pages stack's D1, through the running wrangler process itself (test/helpers/pages-stack.ts runs
 * test/helpers/d1-worker.ts beside the Pages project and the schedule Worker): a test's reads and writes are one
 * more client of the one runtime that holds the SQLite file, never a second process on it, so nothing a test
 * does can make the servers answer `SQLITE_BUSY`, nor they the test. `send` posts statements to that Worker.
 */
export function d1Through(send: (statements: Sent[]) => Promise<D1Result[]>): TestD1 {
  const statement = (sql: string, params: unknown[] = []): D1PreparedStatement & Sent => ({
    sql,
    params,
    bind: (...values) => statement(sql, values),
    run: async <T>() => (await send([{ sql, params }]))[0] as D1Result<T>,
    all: async <T>() => (await send([{ sql, params }]))[0] as D1Result<T>,
    first: async <T>() => ((await send([{ sql, params }]))[0]?.results?.[0] as T | undefined) ?? null,
  })
  const db: D1Database = {
    prepare: (sql) => statement(sql),
    batch: async <T>(statements: D1PreparedStatement[]) =>
      (await send(
        (statements as (D1PreparedStatement & Sent)[]).map(({ sql, params }) => ({ sql, params })),
      )) as D1Result<T>[],
  }
  return { db, clear: () => clearTables(db), close: async () => undefined }
}

/**
 * The tables requests and the schedule write (notification_kinds, notification_channels and lead_settings' hash key
 * and schema stay: the migrations and the first request fill them); a table a partial schema lacks is skipped.
 */
async function clearTables(db: D1Database) {
  const tables = new Set(
    (
      (await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>())
        .results ?? []
    ).map((row) => row.name),
  )
  const clear = [
    'notification_recipients',
    'digest_leads',
    'channel_sends',
    'notifications',
    'leads',
    'rate_limits',
    'lead_counts',
    'push_subscriptions',
  ]
    .filter((table) => tables.has(table))
    .map((table) => db.prepare(`DELETE FROM ${table}`))
  await db.batch([
    ...clear,
    db.prepare("DELETE FROM lead_settings WHERE name NOT IN ('hash-secret', 'schema')"),
  ])
}
