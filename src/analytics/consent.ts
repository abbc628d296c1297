/** The visitor's answer to the Google Analytics notice, kept across visits in this browser. */
export const CONSENT_KEY = 'aquapuebla:analitica'

export type Consent = 'granted' | 'denied'

export function readConsent(storage: Storage | undefined = safeStorage()): Consent | null {
  try {
    const value = storage?.getItem(CONSENT_KEY)
    return value === 'granted' || value === 'denied' ? value : null
  } catch {
    return null
  }
}

export function saveConsent(consent: Consent, storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.setItem(CONSENT_KEY, consent)
  } catch {
    // Storage blocked (private mode): the answer holds for this page only; the notice returns next time.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}
