/**
 * Which signed sessions are still open (decision 046): one row per session in D1 (`inbox_sessions`, migration
 * 0005), keyed by the SHA-256 of the random id the cookie carries (./session.ts). The signature says the server
 * made the cookie; the row says the session has not ended:
 *   - «Salir» deletes the row: every copy of the cookie is refused from the next request on;
 *   - a GitHub session is let in for ACCESS_SECONDS (2 h) after GitHub said its account may push to the site's
 *     repository. From RENEW_AFTER_SECONDS (1 h) the page, when it loads or the owner comes back to it, asks
 *     GitHub again through the same sign-in: GitHub skips its consent page for an app the account has already
 *     authorized, so the owner sees the inbox reload and nothing else. The callback makes a new session and
 *     deletes this one; an account that lost push permission is refused there and its session deleted;
 *   - past ACCESS_SECONDS and before the cookie's end (12 h) the API answers 401 with `renew: true`, and the page
 *     renews at once; past the end, or without a row, a plain 401 (the sign-in screen);
 *   - the local link's sessions (`npm start`) have no GitHub to ask: they last the cookie's 12 h;
 *   - the schedule's retention step deletes rows past their end (sessionPurge).
 * Sessions follow the real clock, as the cookie's expiry does (the leads' test clock moves leads only).
 * Cost: one read by primary key per API request; a write per sign-in, renewal and «Salir».
 */
import type { D1Database, D1PreparedStatement } from '../leads/d1'
import { retryBusy } from '../leads/d1-retry'
import type { Purge } from '../leads/schedule'
import { base64url } from '../http'
import type { Session } from './session'

/** After this long, the page asks GitHub again when it is opened or comes back into view. */
export const RENEW_AFTER_SECONDS = 60 * 60
/** After this long without GitHub's word, a session is let in no more (the page renews at its next request). */
export const ACCESS_SECONDS = 2 * 60 * 60
/** A renewal that did not come back (GitHub down, the owner closed the page) is tried again after this. */
export const RENEWAL_RETRY_SECONDS = 15 * 60

export type SessionKind = 'github' | 'local'

/** What the inbox answers when migration 0005 has not been applied (the schedule alarms the owner too). */
export const SCHEMA_BEHIND =
  'La base de datos de la bandeja no está al día: falta aplicar sus migraciones (npm run deploy:migrations).'

/**
 * What a signed session may do now:
 *   `open`   it is let in;
 *   `due`    it is let in, and the page should renew it through GitHub when the owner opens or comes back to it;
 *   `stale`  it is let in no more until GitHub is asked again (401 with `renew: true`);
 *   `ended`  signed out, replaced, refused by GitHub, past its end or unknown (401).
 */
export type Standing = 'open' | 'due' | 'stale' | 'ended'

interface Row {
  kind: SessionKind
  created_at: string
  expires_at: string
  renewal_at: string | null
}

/** SHA-256 in base64url: what the table keeps of a session id and of a renewal's state. */
export async function digest(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))
}

/** Opens `session`'s row: called by a sign-in (GitHub's or the local link) before its cookie is set. */
export async function storeSession(db: D1Database, session: Session, kind: SessionKind, now = Date.now()) {
  const id = await digest(session.id)
  await retryBusy(
    () =>
      db
        .prepare(
          `INSERT INTO inbox_sessions (id, login, kind, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (id) DO NOTHING`,
        )
        .bind(
          id,
          session.login,
          kind,
          new Date(now).toISOString(),
          new Date(session.exp * 1000).toISOString(),
        )
        .run(),
    { what: 'opening an inbox session' },
  )
}

/** Where a signed session stands (one read by primary key). */
export async function sessionStanding(db: D1Database, session: Session, now = Date.now()): Promise<Standing> {
  const row = await db
    .prepare('SELECT kind, created_at, expires_at, renewal_at FROM inbox_sessions WHERE id = ?1')
    .bind(await digest(session.id))
    .first<Row>()
  if (!row || Date.parse(row.expires_at) <= now) return 'ended'
  if (row.kind === 'local') return 'open'
  const age = (now - Date.parse(row.created_at)) / 1000
  const renewing = row.renewal_at !== null && now - Date.parse(row.renewal_at) < RENEWAL_RETRY_SECONDS * 1000
  if (age >= ACCESS_SECONDS) return renewing ? 'ended' : 'stale'
  return age >= RENEW_AFTER_SECONDS && !renewing ? 'due' : 'open'
}

/** «Salir»: the session's row goes, and with it every copy of the cookie. */
export async function endSession(db: D1Database, session: Session): Promise<void> {
  const id = await digest(session.id)
  await retryBusy(() => db.prepare('DELETE FROM inbox_sessions WHERE id = ?1').bind(id).run(), {
    what: 'ending an inbox session',
  })
}

/**
 * A sign-in started from a signed-in page (a renewal): the row remembers the OAuth `state`, so the callback,
 * which arrives from github.com without the SameSite=Strict session cookie, can find and end it.
 */
export async function startRenewal(db: D1Database, session: Session, state: string, now = Date.now()) {
  const [id, renewal] = await Promise.all([digest(session.id), digest(state)])
  await retryBusy(
    () =>
      db
        .prepare('UPDATE inbox_sessions SET renewal = ?2, renewal_at = ?3 WHERE id = ?1')
        .bind(id, renewal, new Date(now).toISOString())
        .run(),
    { what: 'starting an inbox session renewal' },
  )
}

/**
 * GitHub answered about the account: the session that started this sign-in (if any) ends, whether a new one
 * replaces it (push permission) or not (refused: the access rule ends it now).
 */
export async function endRenewedSession(db: D1Database, state: string): Promise<void> {
  const renewal = await digest(state)
  await retryBusy(() => db.prepare('DELETE FROM inbox_sessions WHERE renewal = ?1').bind(renewal).run(), {
    what: 'ending a renewed inbox session',
  })
}

/** Sessions past their end (./session.ts SESSION_SECONDS after sign-in), by the real clock. */
export function purgeSessions(db: D1Database, now = Date.now()): D1PreparedStatement {
  return db.prepare('DELETE FROM inbox_sessions WHERE expires_at <= ?1').bind(new Date(now).toISOString())
}

/** What the schedule's retention step runs for the inbox (workers/lead-schedule/ hands it to runSchedule). */
export const sessionPurge: Purge = { name: 'inbox sessions', statement: (db) => purgeSessions(db) }
