/**
 * D1 for the tests. In the unit tests of edge/ code, a database of their own (startD1): a D1 binding over Node's
 * built-in SQLite (node:sqlite, in memory, migrations/ applied in order as `wrangler d1 migrations apply` does),
 * behaving as D1 does where the lead code can tell: foreign keys enforced, `batch` all or none in one transaction,
 * `run`/`all` answer `{ results, meta: { changes } }` (total_changes before and after, as workerd's local D1
 * counts), `first` the first row or null, numbers as numbers, blobs as arrays of bytes, booleans bound as 1/0 and
 * `undefined` (or any other type) refused at `bind` with D1's D1_TYPE_ERROR; a failing statement rejects with
 * `D1_ERROR: <SQLite's message>`. It answers in microseconds where workerd through Miniflare's proxy took a round
 * trip per query. The host tests (test/hosts/) keep proving workerd's real D1: the Pages stack's own database,
 * through its process (d1Through).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite'
import type { D1Database, D1PreparedStatement, D1Result } from '../../edge/leads/d1'

// jest and the scripts run from the project root.
const migrationsDir = path.resolve(process.cwd(), 'migrations')

export interface TestD1 {
  db: D1Database
  /** Deletes every row of every table (between tests). */
  clear(): Promise<void>
  close(): Promise<void>
}

/**
 * Applies the migration files `which` picks (default all), in the order wrangler applies them, each in one batch
 * of its statements (comments removed).
 */
export async function applyMigrations(db: D1Database, which: (file: string) => boolean = () => true) {
  const files = readdirSync(migrationsDir).filter((name) => name.endsWith('.sql') && which(name))
  for (const file of files.sort()) {
    const sql = readFileSync(path.join(migrationsDir, file), 'utf8').replace(/--[^\n]*/g, '')
    const statements = sql.split(';').map((statement) => statement.trim())
    await db.batch(statements.filter(Boolean).map((statement) => db.prepare(statement)))
  }
}

/** A fresh in-memory D1 with the migrations `which` picks applied (default all). */
export async function startD1(which?: (file: string) => boolean): Promise<TestD1> {
  // Through process.getBuiltinModule: Jest's resolver does not know the `node:sqlite` builtin.
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite')
  const sqlite = new DatabaseSync(':memory:')
  sqlite.exec('PRAGMA foreign_keys = ON')
  const db = sqliteD1(sqlite)
  await applyMigrations(db, which)
  return { db, clear: () => clearTables(db), close: async () => sqlite.close() }
}

/** What D1 answers while another writer holds the database (two local processes on one SQLite file). */
const BUSY = 'D1_ERROR: database is locked: SQLITE_BUSY'

/**
 * `db` in trouble: a statement whose SQL `statements` matches rejects with `error` when run, and so does a batch
 * holding one, and the first `batches` batches (Infinity: every one); the rest reach `db`.
 */
export function failingD1(
  db: D1Database,
  { statements, batches = 0, error = BUSY }: { statements?: RegExp; batches?: number; error?: string },
): D1Database {
  const fail = () => Promise.reject(new Error(error))
  const failing: D1PreparedStatement = { bind: () => failing, run: fail, all: fail, first: fail }
  let batchesLeft = batches
  return {
    prepare: (sql) => (statements?.test(sql) ? failing : db.prepare(sql)),
    batch: (list) => (list.includes(failing) || batchesLeft-- > 0 ? fail() : db.batch(list)),
  }
}

/** A statement and its values, as D1 sends them (and as they travel to the Pages stack's D1 Worker, test/helpers/d1-worker.ts). */
interface Sent {
  sql: string
  params: unknown[]
}

/** A value as D1's `bind` takes it (workerd's d1-api): anything else is refused there, before any query. */
function bindable(value: unknown): SQLInputValue {
  if (value === null || typeof value === 'number' || typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (Array.isArray(value) && value.every((byte) => Number.isInteger(byte) && byte >= 0 && byte < 256)) {
    return Uint8Array.from(value as number[])
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value)
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
  throw new Error(`D1_TYPE_ERROR: Type '${typeof value}' not supported for value '${String(value)}'`)
}

/** The D1 binding over one SQLite connection: each call one transaction, a batch's statements in one. */
function sqliteD1(sqlite: DatabaseSync): D1Database {
  const prepared = new Map<string, StatementSync>()
  const totalChanges = sqlite.prepare('SELECT total_changes() AS n')
  const changesSoFar = () => (totalChanges.get() as { n: number }).n
  const execute = ({ sql, params }: Sent): D1Result => {
    const before = changesSoFar()
    let statement = prepared.get(sql)
    if (!statement) prepared.set(sql, (statement = sqlite.prepare(sql)))
    const rows = statement.all(...(params as SQLInputValue[]))
    const results = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([name, value]) => [name, value instanceof Uint8Array ? [...value] : value]),
      ),
    )
    return { results, meta: { changes: changesSoFar() - before } }
  }
  return binding(async (statements) => {
    sqlite.exec('BEGIN')
    try {
      const results = statements.map(execute)
      sqlite.exec('COMMIT')
      return results
    } catch (error) {
      sqlite.exec('ROLLBACK')
      throw new Error(`D1_ERROR: ${(error as Error).message}`, { cause: error })
    }
  }, bindable)
}

/** A D1 binding whose statements `send` runs, one call or one batch at a time; `bind` checks each value. */
function binding(
  send: (statements: Sent[]) => Promise<D1Result[]>,
  bind: (value: unknown) => unknown = (value) => value,
): D1Database {
  const statement = (sql: string, params: unknown[] = []): D1PreparedStatement & Sent => {
    const all = async <T>() => (await send([{ sql, params }]))[0] as D1Result<T>
    const first = async <T>() => ((await all<T>())?.results?.[0] as T | undefined) ?? null
    return { sql, params, bind: (...values) => statement(sql, values.map(bind)), run: all, all, first }
  }
  return {
    prepare: (sql) => statement(sql),
    batch: async <T>(statements: D1PreparedStatement[]) =>
      (await send(
        (statements as (D1PreparedStatement & Sent)[]).map(({ sql, params }) => ({ sql, params })),
      )) as D1Result<T>[],
  }
}

/**
 * The Pages stack's D1, through the running wrangler process itself (test/helpers/pages-stack.ts runs
 * test/helpers/d1-worker.ts beside the Pages project and the schedule Worker): a test's reads and writes are one
 * more client of the one runtime that holds the SQLite file, never a second process on it, so nothing a test
 * does can make the servers answer `SQLITE_BUSY`, nor they the test. `send` posts statements to that Worker.
 */
export function d1Through(send: (statements: Sent[]) => Promise<D1Result[]>): TestD1 {
  const db = binding(send)
  return { db, clear: () => clearTables(db), close: async () => undefined }
}

/**
 * The tables requests and the schedule write (notification_kinds, notification_channels and lead_settings' hash key
 * and schema stay: the migrations and the first request fill them); a table a partial schema lacks is skipped.
 */
async function clearTables(db: D1Database) {
  const { results: tables = [] } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all<{ name: string }>()
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
    .filter((table) => tables.some(({ name }) => name === table))
    .map((table) => db.prepare(`DELETE FROM ${table}`))
  await db.batch([
    ...clear,
    db.prepare("DELETE FROM lead_settings WHERE name NOT IN ('hash-secret', 'schema')"),
  ])
}
