/**
 * A real D1 database for unit tests of edge/ code: Miniflare (wrangler's own local runtime, from npm) runs
 * workerd with a D1 binding, in memory, with migrations/ applied in order as `wrangler d1 migrations
 * apply` does; the test calls the binding from Node through Miniflare's proxy. Takes ~1 s to start.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Miniflare } from 'miniflare'
import type { D1Database } from '../../edge/leads/d1'

export const migrationsDir = path.resolve(__dirname, '../../migrations')

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

export async function startD1(): Promise<TestD1> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 404 }) } }',
    d1Databases: { DB: 'leads-test' },
    compatibilityDate: '2026-04-26',
  })
  const db = (await mf.getD1Database('DB')) as unknown as D1Database
  for (const file of readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    const statements = migrationStatements(readFileSync(path.join(migrationsDir, file), 'utf8'))
    await db.batch(statements.map((statement) => db.prepare(statement)))
  }
  return {
    db,
    clear: async () => {
      await db.batch(
        ['notifications', 'leads', 'rate_limits'].map((table) => db.prepare(`DELETE FROM ${table}`)),
      )
    },
    close: () => mf.dispose(),
  }
}
