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

/** The tables requests write (lead_settings and notification_kinds stay: the migrations and the first request fill them). */
function clearTables(db: D1Database) {
  return db
    .batch(
      ['notifications', 'leads', 'rate_limits', 'lead_counts'].map((table) =>
        db.prepare(`DELETE FROM ${table}`),
      ),
    )
    .then(() => undefined)
}
