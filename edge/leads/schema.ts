/**
 * The schema the code expects, so a deployment whose database is behind (a migration not applied: Pages deploys
 * on every push, the migrations are applied by `npm run deploy:migrations`, docs/deploying/cloudflare-pages.md)
 * is a configuration error the owner hears of, not a silent 503: migration 0004 wrote `schema` = 4 into
 * lead_settings, and every later migration that the code needs writes its own number there.
 *   - the endpoint: a write that fails for a missing table or column relays the lead to the owner with an alarm
 *     that says so (./relay.ts);
 *   - the schedule: every run reads the number first and, when it is behind or unreadable, relays one alarm per
 *     SCHEMA_ALARM_HOURS (./relay.ts relaySchemaAlarm).
 * 5: migration 0005, the inbox's sessions (edge/inbox/session-store.ts): without it nobody can open the inbox.
 */
import type { D1Database } from './d1'

export const SCHEMA_VERSION = 6

/** An error D1 gives for a statement the database's tables cannot run: a migration is missing. */
export function isSchemaError(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : error)
  return /no such (table|column)|has no column named|no such index/i.test(text)
}

/** The schema the database says it has (0 before migration 0004), or null when it cannot be read. */
export async function schemaVersion(db: D1Database): Promise<number | null> {
  try {
    const row = await db
      .prepare("SELECT value FROM lead_settings WHERE name = 'schema'")
      .first<{ value: string }>()
    return row ? Number(row.value) || 0 : 0
  } catch (error) {
    console.error('the leads database schema could not be read', error)
    return null
  }
}
