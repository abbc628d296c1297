/**
 * A fixture for a whole test file: `start` runs in beforeAll and the started thing's `close` in afterAll; the
 * file holds a stand-in object whose properties and methods reach the started thing once it runs (the shape of
 * a Playwright fixture, in Jest). The start's limit is a hang guard: a Pages stack on a 2-core machine kept busy by
 * other work took over three minutes to start (its migrations alone over two).
 */
export function hooked<T extends { close(): Promise<void> | void }>(
  start: () => Promise<T>,
  what: string,
  timeout = 600_000,
): T {
  let started: T | undefined
  beforeAll(async () => {
    started = await start()
  }, timeout)
  afterAll(async () => {
    await started?.close()
  }, 60_000)
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error(`${what} has not started: it starts in beforeAll`)
      const value = started[key as keyof T]
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value
    },
    set(_, key, value) {
      if (!started) throw new Error(`${what} has not started: it starts in beforeAll`)
      started[key as keyof T] = value as T[keyof T]
      return true
    },
  })
}

/**
 * Resolves with `condition()`'s value once it is truthy (asked every 50 ms), or fails after `timeout` ms naming
 * `what`: what a test waits for on this side (a stand-in's record, a proxy's held request). The timeout is a hang
 * guard, never a measure.
 */
type Truthy<T> = Exclude<Awaited<T>, false | 0 | '' | null | undefined>

export async function until<T>(condition: () => T, what: string, timeout = 30_000): Promise<Truthy<T>> {
  for (const deadline = Date.now() + timeout; ;) {
    const value = await condition()
    if (value) return value as Truthy<T>
    if (Date.now() > deadline) throw new Error(`waited ${timeout / 1000} s for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
