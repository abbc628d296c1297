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

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/** The submission of the current draft: its id (sent on every retry) and when it was started. */
export interface Submission {
  id: string
  openedAt: string
}

export const SUBMISSION_KEY = 'aquapuebla:cotizacion-envio'

/**
 * The current draft's submission, created on the first keystroke and kept with the draft, so a retry
 * (after a timeout, a reload, a return visit) is the same submission and the endpoint stores it once.
 */
export function currentSubmission(
  storage: Storage | undefined = safeStorage(),
  now: () => Date = () => new Date(),
): Submission {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SUBMISSION_KEY) ?? 'null')
    const saved = parsed as Partial<Submission> | null
    if (saved && typeof saved.id === 'string' && typeof saved.openedAt === 'string')
      return { id: saved.id, openedAt: saved.openedAt }
  } catch {
    // A damaged entry: start a new submission.
  }
  const submission = { id: newSubmissionId(), openedAt: now().toISOString() }
  try {
    storage?.setItem(SUBMISSION_KEY, JSON.stringify(submission))
  } catch {
    // Storage full or blocked: this page still sends the same id on a retry.
  }
  return submission
}

/** A random UUID (v4); crypto.randomUUID needs a secure context, getRandomValues does not. */
function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
