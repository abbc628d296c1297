/**
 * The answer to a busy or briefly unreachable database, made explicit: a write is tried again with a growing,
 * jittered wait (25 ms, 50 ms … at most 1 s apart) for up to 5 s, then the error goes up (the endpoint answers
 * 503, the schedule leaves the row for its next run). Only errors that mean "nothing was done, try again" are
 * retried: SQLite's busy lock (two local wrangler processes on one file; D1 itself is one writer) and the
 * transient errors Cloudflare's D1 documentation lists as retryable (d1/best-practices/retry-queries). Every
 * write this is used for is idempotent (ON CONFLICT, conditional UPDATEs), so a retry after a lost answer
 * changes nothing twice (at worst an hourly count is one too high).
 */

const RETRYABLE = [
  /SQLITE_BUSY/,
  /database is locked/i,
  /Network connection lost/i,
  /storage caused object to be reset/i,
  /reset because its code was updated/i,
]

export function isRetryable(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : error)
  return RETRYABLE.some((pattern) => pattern.test(text))
}

export interface RetryOptions {
  /** How long to keep trying (default 5000 ms: well inside the form's 15 s). */
  budgetMs?: number
  baseMs?: number
  /** What is being written, for the log. */
  what?: string
}

export async function retryBusy<T>(run: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { budgetMs = 5000, baseMs = 25, what = 'D1 write' } = options
  const started = Date.now()
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run()
    } catch (error) {
      const wait = Math.min(1000, baseMs * 2 ** (attempt - 1))
      if (!isRetryable(error) || Date.now() - started + wait > budgetMs) throw error
      console.warn(`${what}: the database was busy (${String(error)}); trying again (attempt ${attempt + 1})`)
      await new Promise((resolve) => setTimeout(resolve, wait / 2 + Math.random() * (wait / 2)))
    }
  }
}
