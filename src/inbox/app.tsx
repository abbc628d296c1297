/**
 * The owner's lead inbox at /admin/solicitudes/ (issue 42: React, as every screen of the project; its own build,
 * vite.inbox.config.ts, so the public pages never carry it). Signed out, it offers the GitHub sign-in; signed
 * in, the leads (./components/inbox-view.tsx) with «Por atender» first; the API unreachable, why and
 * «Reintentar»; without the network, «Sin conexión» (./components/offline.tsx). `api` is the typed client
 * (./api-client.ts; the unit tests pass their own), `boot` what main.tsx asked for before React loaded,
 * `selectedId` the lead an alert's link names (?solicitud=<id>), `push` the «Avisos» panel's API and browser
 * (./components/push-panel.tsx; the unit tests pass their own).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import type { SessionAnswer } from '../../contract/inbox-api'
import { ApiError, SignedOut, type InboxApi } from './api-client'
import { SignInScreen, UnreachableScreen } from './components/sign-in-screen'
import { InboxView } from './components/inbox-view'
import { isOffline, OfflineBanner, OfflineScreen } from './components/offline'
import type { PushDeps } from './components/push-panel'

/** The «Avisos» panel sits below the list: its code loads after the first lead is on screen. */
const PushAvisos = lazy(() =>
  import('./components/push-panel').then((panel) => ({ default: panel.PushAvisos })),
)
import { Toast } from './components/toast'
import { TopBar } from './components/top-bar'
import { copy } from './copy'
import { useAnnouncer } from './use-announcer'
import { useInbox, type Boot } from './use-inbox'

export interface AppBoot extends Boot {
  session?: Promise<SessionAnswer>
}

type Phase =
  | { name: 'loading' }
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
  onSignedOut: () => void
  csrf: string
  push?: PushDeps
}) {
  const [state, actions] = useInbox(api, { say, onSignedOut, selectedId, boot })
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

export function InboxApp({
  api,
  boot,
  selectedId = null,
  push,
}: {
  api: InboxApi
  boot?: AppBoot
  selectedId?: string | null
  push?: PushDeps
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' })
  const [attempt, setAttempt] = useState(0)
  /** A new one reads the signed-in page again from the server (back online: «Actualizar la lista»). */
  const [generation, setGeneration] = useState(0)
  const [message, say] = useAnnouncer()

  useEffect(() => {
    const pending = (attempt === 0 && boot?.session) || api.session()
    pending
      .then((session) => setPhase({ name: 'in', session }))
      .catch((error: unknown) => {
        if (error instanceof SignedOut) setPhase({ name: 'signed-out' })
        else if (isOffline()) setPhase({ name: 'offline' })
        else
          setPhase({
            name: 'unreachable',
            message: error instanceof ApiError ? error.message : copy.unreachable,
          })
      })
  }, [api, boot, attempt])

  const sessionEnded = useCallback(() => setPhase({ name: 'signed-out', message: copy.sessionEnded }), [])
  const retry = useCallback(() => {
    setPhase({ name: 'loading' })
    setAttempt((count) => count + 1)
  }, [])

  function signOut() {
    api
      .signOut()
      .catch(() => undefined)
      .finally(() => setPhase({ name: 'signed-out', message: copy.signedOut }))
  }

  return (
    <>
      <a className="skip-link" href="#contenido">
        {copy.skipLink}
      </a>
      <TopBar login={phase.name === 'in' ? phase.session.login : null} onSignOut={signOut} />
      <main id="contenido" tabIndex={-1}>
        {phase.name === 'loading' && (
          <p className="loading" role="status">
            {copy.loading}
          </p>
        )}
        {phase.name === 'signed-out' && <SignInScreen message={phase.message} />}
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
