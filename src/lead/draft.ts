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

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}
