/**
 * What the site promises about answering (content/promesa.yaml: the hours for a request, the hours for an
 * emergency, which service is the emergency one), as the endpoint reads it to give every lead its deadline.
 * The edge cannot import the content (wrangler's bundler reads no YAML), so the inbox's build writes the file's
 * checked values beside the inbox (vite.inbox.config.ts → /admin/solicitudes/promesa.json) and the endpoint
 * reads them through Pages' ASSETS binding, once per isolate (docs/decisions/031-the-answer-promise-in-content-read-by-the-endpoint-stored-per-lead.md). Nothing else reads them:
 * the deadline and the emergency mark are stored on the lead, so the schedule, the reminders and the inbox work
 * from the row, and a lead keeps the promise it was made when it arrived.
 */
import type { LeadEnv } from './env'

export interface AnswerPromise {
  answerHours: number
  emergencyHours: number
  emergencyService: string
}

/** Where the inbox's build writes the promise (vite.inbox.config.ts). */
export const PROMISE_PATH = '/admin/solicitudes/promesa.json'

const HOUR_MS = 3_600_000

/** A promise as the file holds it, or null when it is not one. */
export function readPromise(value: unknown): AnswerPromise | null {
  if (typeof value !== 'object' || value === null) return null
  const { answerHours, emergencyHours, emergencyService } = value as Record<string, unknown>
  const hours = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1
  if (!hours(answerHours) || !hours(emergencyHours) || typeof emergencyService !== 'string') return null
  return { answerHours, emergencyHours, emergencyService }
}

/** The deadline of a lead for `service` that arrived at `at`, and whether it is an emergency. */
export function deadlineOf(
  promise: AnswerPromise,
  service: string,
  at: Date,
): { dueAt: string; urgent: boolean } {
  const urgent = service === promise.emergencyService
  const hours = urgent ? promise.emergencyHours : promise.answerHours
  return { dueAt: new Date(at.getTime() + hours * HOUR_MS).toISOString(), urgent }
}

let cached: Promise<AnswerPromise | null> | undefined

/**
 * The promise the built site carries, or null when it cannot be read (no ASSETS: a unit test without it; a
 * deployment without the inbox's files). A lead is never refused for it: it is stored without a deadline and
 * the error is logged, to be fixed by a deployment with the file.
 */
export function answerPromise(env: LeadEnv, request: Request): Promise<AnswerPromise | null> {
  if (!env.ASSETS) return Promise.resolve(null)
  if (!cached) {
    const assets = env.ASSETS
    cached = (async () => {
      try {
        const response = await assets.fetch(new Request(new URL(PROMISE_PATH, request.url)))
        const promise = response.ok ? readPromise(await response.json()) : null
        if (!promise)
          console.error(`THE ANSWER PROMISE IS MISSING: ${PROMISE_PATH} answered ${response.status}`)
        return promise
      } catch (error) {
        console.error(`THE ANSWER PROMISE IS MISSING: ${PROMISE_PATH} could not be read`, error)
        return null
      }
    })()
    // A failed read is tried again by the next request.
    void cached.then((promise) => {
      if (!promise) cached = undefined
    })
  }
  return cached
}

/** Tests: forget the promise read (a test that changes the file). */
export function forgetPromise(): void {
  cached = undefined
}
