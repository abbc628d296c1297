/**
 * A real D1 database for unit tests of edge/ code: Miniflare (wrangler's own local runtime, from npm) runs
 * workerd with a D1 binding, in memory, with migrations/ applied in order as `wrangler d1 migrations
 * apply` does; the test calls the binding from Node through Miniflare's proxy. Takes ~1 s to start. Miniflare 5
 * (wrangler 4.164's) takes its own option shape; `convertV4MiniflareOptions`, its own adapter, reads the v4 one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import type { D1Database } from '../../edge/leads/d1'
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
  const db = (await mf.getD1Database('DB')) as unknown as D1Database
  await applyMigrations(db, which)
  return {
    db,
    clear: () => clearTables(db),
    close: () => mf.dispose(),
  }
}

/**
 * The local D1 a wrangler process keeps in `persistTo` (scripts/hosts/servers.ts createLocalD1), opened
 * from the test through Miniflare, to read what the Pages Function and the schedule Worker wrote.
 */
export async function openLocalD1(local: { persistTo: string; databaseId: string }): Promise<TestD1> {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default { fetch() { return new Response(null, { status: 404 }) } }',
      d1Databases: { DB: local.databaseId },
      // Where wrangler keeps its local state under --persist-to (D1 in its d1/ folder).
      resourcePersistencePath: path.join(local.persistTo, 'v3'),
      compatibilityDate: projectCompatibilityDate(),
    }),
  )
  const db = (await mf.getD1Database('DB')) as unknown as D1Database
  return { db, clear: () => clearTables(db), close: () => mf.dispose() }
}

/**
 * Reads of a local D1 that wrangler processes write at the same time (the host tests: `pages dev`, the schedule
 * Worker and the test's own reader open one SQLite file). A read while another process writes has failed with
 * D1's "internal error" or SQLITE_BUSY, so it is tried again; on Cloudflare one D1 database is one instance,
 * opened by nobody else. `logs` says what the servers printed when a wait gives up.
 */
export function sharedD1Reader(d1: () => TestD1, logs: () => Promise<string> | string) {
  async function retryBusy<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await run()
      } catch (error) {
        if (attempt >= 10 || !/internal error|SQLITE_BUSY|database is locked/.test(String(error))) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
  }

  async function rows<T = Record<string, unknown>>(sql: string, ...values: unknown[]): Promise<T[]> {
    return retryBusy(
      async () =>
        ((
          await d1()
            .db.prepare(sql)
            .bind(...values)
            .all<T>()
        ).results ?? []) as T[],
    )
  }

  /**
   * Waits until `sql` returns `count` rows (a function's waitUntil and the schedule write after answering). The
   * default is a hang guard, not a measure: the condition is what is waited on.
   */
  async function waitForRows(sql: string, count: number, timeoutMs = 60_000) {
    const started = Date.now()
    for (;;) {
      const found = await rows(sql)
      if (found.length === count) return found
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `${sql}: ${found.length} rows, not ${count}: ${JSON.stringify(found)}\n${await logs()}`,
        )
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  return { retryBusy, rows, waitForRows }
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
