/**
 * Without the network (issue 42, 2): the installed inbox opens from its service worker's cache with no data, and
 * says «Sin conexión» plainly instead of an error; it loads by itself when the connection comes back. Signed in
 * with a list on screen, a banner says since when it is offline, that the list may be out of date and nothing is
 * saved meanwhile; back online, «Actualizar la lista» reads everything again. No lead list is ever kept offline.
 */
import { useEffect, useState } from 'react'
import { ownerClock } from '../../../contract/owner-time'
import { copy } from '../copy'
import { offlineCopy } from '../push-copy'

type Status = 'online' | 'offline' | 'back'

/** Whether the browser is online, offline (since when), or back online after being offline here. */
export function useOnline(): { status: Status; since: Date | null; settle: () => void } {
  const [state, setState] = useState<{ status: Status; since: Date | null }>(() =>
    navigator.onLine === false ? { status: 'offline', since: new Date() } : { status: 'online', since: null },
  )
  useEffect(() => {
    const online = () =>
      setState((old) => ({ status: old.status === 'offline' ? 'back' : old.status, since: null }))
    const offline = () => setState({ status: 'offline', since: new Date() })
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
    }
  }, [])
  return { ...state, settle: () => setState({ status: 'online', since: null }) }
}

/**
 * Whether a failed request failed because this device is offline (the browser says so); a request that failed
 * while online is the server's or the way's, and keeps its own message («No se pudo abrir la bandeja»).
 */
export const isOffline = () => navigator.onLine === false

export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  const { status } = useOnline()
  // Back online after being offline here: it loads by itself (the server, not the network, may be what failed:
  // then «Reintentar» is the owner's, never a loop).
  useEffect(() => {
    if (status === 'back') onRetry()
  }, [status, onRetry])
  return (
    <section className="sign-in offline" aria-labelledby="titulo">
      <h1 id="titulo">{offlineCopy.title}</h1>
      <p className="notice" role="alert">
        {offlineCopy.text}
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {copy.retry}
      </button>
    </section>
  )
}

export function OfflineBanner({ onRefresh }: { onRefresh: () => void }) {
  const { status, since, settle } = useOnline()
  if (status === 'online') return null
  return (
    <div className={`offline-banner${status === 'back' ? ' offline-banner-back' : ''}`} role="status">
      <p>{status === 'back' ? offlineCopy.back : offlineCopy.banner(ownerClock(since ?? new Date()))}</p>
      {status === 'back' && (
        <button
          type="button"
          className="button button-quiet button-small"
          onClick={() => {
            settle()
            onRefresh()
          }}
        >
          {offlineCopy.refresh}
        </button>
      )}
    </div>
  )
}
