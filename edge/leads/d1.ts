/**
 * The part of Cloudflare D1's binding the lead code uses (`prepare().bind()`, `run`/`first`/`all`,
 * `batch`), typed here so the modules compile without the Workers types; the real binding and
 * Miniflare's Node proxy both fit it.
 */
export interface D1Result<T = Record<string, unknown>> {
  results?: T[]
  meta: { changes?: number }
}

export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement
  run<T = Record<string, unknown>>(): Promise<D1Result<T>>
  first<T = Record<string, unknown>>(): Promise<T | null>
  all<T = Record<string, unknown>>(): Promise<D1Result<T>>
}

export interface D1Database {
  prepare(query: string): D1PreparedStatement
  /** Runs the statements in one transaction: all or none. */
  batch<T = Record<string, unknown>>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>
}
