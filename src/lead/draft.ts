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
    storage?.removeItem(SUBMISSION_KEY)
  } catch {
    // Nothing to clear.
  }
}

export function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/** Where the current draft's submission is kept: when filling in began, and once sent its id (src/lead/lead.ts). */
export const SUBMISSION_KEY = 'aquapuebla:cotizacion-envio'

/**
 * Notes when the visitor began filling in this draft (the first keystroke), kept with the draft: the endpoint
 * refuses a form filled faster than a person types. Its id is made when it is first sent (currentSubmission in
 * src/lead/lead.ts, loaded only then), so the page's first load carries only this.
 */
export function markOpened(
  storage: Storage | undefined = safeStorage(),
  now: () => Date = () => new Date(),
): void {
  try {
    if (storage && !storage.getItem(SUBMISSION_KEY))
      storage.setItem(SUBMISSION_KEY, JSON.stringify({ openedAt: now().toISOString() }))
  } catch {
    // Storage full or blocked: the send notes the time itself.
  }
}
