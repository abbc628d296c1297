import { emptyLead, leadFields, type Lead } from './lead-fields'

/** Where the unsent form is kept, so a reload or a return visit loses nothing. */
export const DRAFT_KEY = 'aquapuebla:cotizacion'

export function loadDraft(storage: Storage | undefined = safeStorage()): Lead | null {
  if (!storage) return null
  try {
    const raw = storage.getItem(DRAFT_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    if (!parsed || typeof parsed !== 'object') return null
    const record = parsed as Record<string, unknown>
    const draft = { ...emptyLead }
    for (const field of leadFields) {
      const value = record[field]
      if (typeof value === 'string') draft[field] = value
    }
    return leadFields.some((field) => draft[field] !== '') ? draft : null
  } catch {
    return null
  }
}

export function saveDraft(lead: Lead, storage: Storage | undefined = safeStorage()): void {
  if (!storage) return
  try {
    if (leadFields.every((field) => lead[field] === '')) storage.removeItem(DRAFT_KEY)
    else storage.setItem(DRAFT_KEY, JSON.stringify(lead))
  } catch {
    // Storage full or blocked (private mode): the form still holds the text.
  }
}

export function clearDraft(storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.removeItem(DRAFT_KEY)
  } catch {
    // Nothing to clear.
  }
}

export function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // Site data blocked (Chrome's "block all cookies", some private modes): reading `localStorage` throws.
    return undefined
  }
}

/** Where the current draft's submission is kept: when filling in began, and once sent its id (src/leads/lead.ts). */
export const SUBMISSION_KEY = 'aquapuebla:cotizacion-envio'

/**
 * The current draft's submission (the JSON text src/leads/lead.ts reads and writes): in this page's memory, which
 * is what counts while the page is open, and in localStorage, so that a reload or a return visit sends the same
 * one. A browser that blocks site data throws on every use of localStorage (or has none): the memory alone then
 * carries the first keystroke's time and the submission id through every retry, and the endpoint still sees one
 * person typing and one submission. Read from storage once per page; every write goes to both.
 */
export interface SubmissionStore {
  read(): string | null
  /** `null` forgets it (after a delivered send): the next draft gets a new id. */
  write(value: string | null): void
}

export function submissionStore(storage: () => Storage | undefined = safeStorage): SubmissionStore {
  // undefined: not read yet in this page; null: none.
  let kept: string | null | undefined
  return {
    read() {
      if (kept === undefined) {
        try {
          kept = storage()?.getItem(SUBMISSION_KEY) ?? null
        } catch {
          kept = null
        }
      }
      return kept
    },
    write(value) {
      kept = value
      try {
        if (value === null) storage()?.removeItem(SUBMISSION_KEY)
        else storage()?.setItem(SUBMISSION_KEY, value)
      } catch {
        // Blocked or full: this page's memory keeps it.
      }
    },
  }
}

/**
 * The page's one submission store, shared by every mount of the form while the page is open. Only a build with
 * a lead endpoint uses it; a build that simulates sending leaves it out.
 */
export const submission = /* @__PURE__ */ submissionStore()

/**
 * Notes when the visitor began filling in this draft (the first keystroke), kept with the draft: the endpoint
 * refuses a form filled faster than a person types. Its id is made when it is first sent (currentSubmission in
 * src/leads/lead.ts, loaded only then), so the page's first load carries only this.
 */
export function markOpened(store: SubmissionStore = submission, at: Date = new Date()): void {
  if (!store.read()) store.write(JSON.stringify({ openedAt: at.toISOString() }))
}

/** Forgets the sent draft's submission: the next draft is a new one, with its own id and opened time. */
export function clearSubmission(store: SubmissionStore = submission): void {
  store.write(null)
}
