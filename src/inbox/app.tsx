/**
 * The owner's lead inbox at /admin/solicitudes/ (issue 42: React, as every screen of the project; its own build,
 * vite.inbox.config.ts, so the public pages never carry it). Signed out, it offers the GitHub sign-in; signed
 * in, the leads (./components/inbox-view.tsx) with «Por atender» first; the API unreachable, why and
 * «Reintentar»; without the network, «Sin conexión» (./components/offline.tsx). `api` is the typed client
 * (./api-client.ts; the unit tests pass their own), `boot` what main.tsx asked for before React loaded,
 * `selectedId` the lead an alert's link names (?solicitud=<id>), `push` the «Avisos» panel's API and browser
 * (./components/push-panel.tsx; the unit tests pass their own).
 * About once an hour GitHub is asked again whether the account may still publish the site (decision 046): when
 * the session's answer says `renew` (on load, and each time the owner comes back to the page) or the API
 * refuses a request until then, the page goes through the GitHub sign-in, which GitHub passes without a
 * screen for an app the account has authorized, and comes back to the same lead. `navigate` is that step
 * (the unit tests watch it). Coming back to the page also finds a session that ended elsewhere («Salir» on a
 * copy of it): the sign-in screen, at once.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import type { SessionAnswer } from '../../contract/inbox-api'
import { ApiError, SignedOut, loginHref, type InboxApi } from './api-client'
import { SignInScreen, UnreachableScreen } from './components/sign-in-screen'
import { InboxView } from './components/inbox-view'
import { isOffline, OfflineBanner, OfflineScreen } from './components/offline'
import type { PushDeps } from './components/push-panel'
import { onNoticeShown } from './push-client'
import { Toast } from './components/toast'
import { TopBar } from './components/top-bar'
import { copy } from './copy'
import { useAnnouncer } from './use-announcer'
import { useInbox, type Boot } from './use-inbox'

/** The «Avisos» panel sits below the list: its code loads after the first lead is on screen. */
const PushAvisos = lazy(() =>
  import('./components/push-panel').then((panel) => ({ default: panel.PushAvisos })),
)

export interface AppBoot extends Boot {
  session?: Promise<SessionAnswer>
}

type Phase =
  | { name: 'loading' }
  | { name: 'renewing' }
  | { name: 'signed-out'; message?: string }
  | { name: 'unreachable'; message: string }
  | { name: 'offline' }
  | { name: 'in'; session: SessionAnswer }

function SignedIn({
  api,
  boot,
  selectedId,
  say,
  onSignedOut,
  csrf,
  push,
}: {
  api: InboxApi
  boot?: Boot
  selectedId: string | null
  say: (message: string) => void
  onSignedOut: (ended: SignedOut) => void
  csrf: string
  push?: PushDeps
}) {
  const noticeShown = push?.noticeShown ?? onNoticeShown
  const [state, actions] = useInbox(api, { say, onSignedOut, selectedId, boot, noticeShown })
  return (
    <InboxView
      state={state}
      actions={actions}
      exportHref={api.exportHref}
      side={
        <Suspense fallback={null}>
          <PushAvisos csrf={csrf} say={say} onSignedOut={onSignedOut} deps={push} />
        </Suspense>
      }
    />
  )
}

const goTo = (url: string) => window.location.assign(url)

/** The lead the address names now («Cerrar» takes it off), for the renewal to come back to. */
const leadInAddress = () => new URLSearchParams(window.location.search).get('solicitud')

export function InboxApp({
  api,
  boot,
  selectedId = null,
  push,
  navigate = goTo,
}: {
  api: InboxApi
  boot?: AppBoot
  selectedId?: string | null
  push?: PushDeps
  navigate?: (url: string) => void
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' })
  const [attempt, setAttempt] = useState(0)
  /** A new one reads the signed-in page again from the server (back online: «Actualizar la lista»). */
  const [generation, setGeneration] = useState(0)
  const [message, say] = useAnnouncer()

  const renew = useCallback(() => {
    setPhase({ name: 'renewing' })
    navigate(loginHref(leadInAddress()))
  }, [navigate])

  const sessionEnded = useCallback(
    (ended: SignedOut) =>
      ended.renew ? renew() : setPhase({ name: 'signed-out', message: copy.sessionEnded }),
    [renew],
  )

  useEffect(() => {
    const pending = (attempt === 0 && boot?.session) || api.session()
    pending
      .then((session) => (session.renew ? renew() : setPhase({ name: 'in', session })))
      .catch((error: unknown) => {
        if (error instanceof SignedOut) return error.renew ? renew() : setPhase({ name: 'signed-out' })
        if (isOffline()) return setPhase({ name: 'offline' })
        setPhase({
          name: 'unreachable',
          message: error instanceof ApiError ? error.message : copy.unreachable,
        })
      })
  }, [api, boot, attempt, renew])

  const retry = useCallback(() => {
    setPhase({ name: 'loading' })
    setAttempt((count) => count + 1)
  }, [])

  // Back on the page (from WhatsApp, another app, another tab): is the session still open, and is GitHub due?
  const signedIn = phase.name === 'in'
  useEffect(() => {
    if (!signedIn) return
    const back = () => {
      if (document.visibilityState !== 'visible') return
      api
        .session()
        .then((session) => session.renew && renew())
        .catch((error: unknown) => error instanceof SignedOut && sessionEnded(error))
    }
    document.addEventListener('visibilitychange', back)
    return () => document.removeEventListener('visibilitychange', back)
  }, [signedIn, api, renew, sessionEnded])

  function signOut() {
    api
      .signOut()
      .then(() => setPhase({ name: 'signed-out', message: copy.signedOut }))
      .catch((error: unknown) => {
        // Already ended (401): signed out. Otherwise the session may still be open: say so, stay.
        if (error instanceof SignedOut) setPhase({ name: 'signed-out', message: copy.signedOut })
        else say(error instanceof ApiError ? error.message : copy.signOutFailed)
      })
  }

  return (
    <>
      <a className="skip-link" href="#contenido">
        {copy.skipLink}
      </a>
      <TopBar login={phase.name === 'in' ? phase.session.login : null} onSignOut={signOut} />
      <main id="contenido" tabIndex={-1}>
        {(phase.name === 'loading' || phase.name === 'renewing') && (
          <p className="loading" role="status">
            {phase.name === 'loading' ? copy.loading : copy.renewing}
          </p>
        )}
        {phase.name === 'signed-out' && <SignInScreen message={phase.message} selectedId={selectedId} />}
        {phase.name === 'unreachable' && <UnreachableScreen message={phase.message} onRetry={retry} />}
        {phase.name === 'offline' && <OfflineScreen onRetry={retry} />}
        {phase.name === 'in' && <OfflineBanner onRefresh={() => setGeneration((count) => count + 1)} />}
        {phase.name === 'in' && (
          <SignedIn
            key={generation}
            csrf={phase.session.csrf}
            push={push}
            api={api}
            boot={attempt === 0 && generation === 0 ? boot : undefined}
            selectedId={selectedId}
            say={say}
            onSignedOut={sessionEnded}
          />
        )}
      </main>
      <Toast message={message} />
    </>
  )
}
