/**
 * «Avisos en tu celular» (issue 42, 3-4): turn notifications on in this phone with a name the owner chooses, the
 * devices that get them (this one marked), a test to any of them that says there and then whether it arrived
 * (this phone: its service worker answers), and «Quitar». When this browser cannot (no Push API, an iPhone not
 * yet on the home screen, notifications blocked, push off on the server) it says why and what to do.
 */
import { useId, useMemo, useState, type FormEvent } from 'react'
import type { PushDevice } from '../../../contract/push'
import { ownerWhen } from '../../../contract/owner-time'
import type { SignedOut } from '../api-client'
import { createPushApi, type PushApi } from '../push-api'
import { browserPush, type BrowserPush } from '../push-client'
import { pushCopy, suggestedDeviceName } from '../push-copy'
import { usePush, type Outcome, type PushPanelActions, type PushPanelState } from '../use-push'

/** What the panel talks to: the «Avisos» routes and the browser's push (the unit tests pass stand-ins). */
export interface PushDeps {
  api?: PushApi
  browser?: BrowserPush
  /** How the page hears that the service worker showed a notice (push-client.ts's onNoticeShown). */
  noticeShown?: (listener: () => void) => () => void
}

const when = (iso: string) => ownerWhen(new Date(iso), new Date())

function Result({ outcome, id }: { outcome: Outcome | undefined; id?: string }) {
  return (
    <p className={`push-result${outcome ? ` push-result-${outcome.tone}` : ''}`} role="status" id={id}>
      {outcome?.text ?? ''}
    </p>
  )
}

function Device({
  device,
  mine,
  outcome,
  actions,
}: {
  device: PushDevice
  mine: boolean
  outcome: Outcome | undefined
  actions: PushPanelActions
}) {
  const resultId = `aviso-resultado-${device.id}`
  return (
    <li className={`push-device${mine ? ' push-device-mine' : ''}`}>
      <p className="push-device-name">
        <span>{device.name}</span>
        {mine && <span className="badge badge-mine">{pushCopy.thisDevice}</span>}
      </p>
      <p className="meta">
        {pushCopy.since(when(device.createdAt), device.createdBy)}
        {device.lastError && device.lastErrorAt ? (
          <span className="push-device-error">{` · ${pushCopy.lastError(when(device.lastErrorAt))}`}</span>
        ) : device.lastSuccessAt ? (
          ` · ${pushCopy.lastOk(when(device.lastSuccessAt))}`
        ) : (
          ''
        )}
      </p>
      <div className="push-device-actions">
        <button
          type="button"
          className="button button-quiet button-small"
          aria-label={pushCopy.testLabel(device.name)}
          aria-describedby={resultId}
          disabled={outcome?.tone === 'busy'}
          onClick={() => void actions.test(device)}
        >
          {pushCopy.test}
        </button>
        <button
          type="button"
          className="button button-danger button-small"
          aria-label={pushCopy.removeLabel(device.name)}
          onClick={() => void actions.remove(device)}
        >
          {pushCopy.remove}
        </button>
      </div>
      <Result outcome={outcome} id={resultId} />
    </li>
  )
}

export function PushPanel({ state, actions }: { state: PushPanelState; actions: PushPanelActions }) {
  const nameId = useId()
  const [name, setName] = useState(() => suggestedDeviceName(navigator.userAgent))
  const { support, publicKey, devices, thisId } = state

  function activate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void actions.activate(name.trim() || suggestedDeviceName(navigator.userAgent))
  }

  const why =
    state.phase !== 'ready'
      ? null
      : !publicKey
        ? pushCopy.serverOff
        : support === 'ios-home-screen'
          ? pushCopy.iosHomeScreen
          : support === 'unsupported'
            ? pushCopy.unsupported
            : support === 'denied'
              ? pushCopy.denied
              : null

  return (
    <section id="avisos" className="push-panel" aria-labelledby="avisos-titulo">
      <h2 id="avisos-titulo" tabIndex={-1}>
        {pushCopy.title}
      </h2>
      <p className="push-intro">{pushCopy.intro}</p>
      {state.phase === 'loading' && <p className="loading">{pushCopy.loading}</p>}
      {state.phase === 'failed' && <p className="notice notice-error">{pushCopy.loadFailed}</p>}
      {why && <p className="notice">{why}</p>}
      {state.phase === 'ready' && !why && thisId === null && (
        <form className="push-activate" onSubmit={activate}>
          <label htmlFor={nameId}>{pushCopy.nameLabel}</label>
          <input
            id={nameId}
            value={name}
            maxLength={60}
            autoComplete="off"
            aria-describedby={`${nameId}-ayuda`}
            onChange={(event) => setName(event.target.value)}
          />
          <p className="meta" id={`${nameId}-ayuda`}>
            {pushCopy.nameHint}
          </p>
          <button type="submit" className="button button-primary" disabled={state.activating}>
            {pushCopy.activate}
          </button>
          <Result outcome={state.notice ?? undefined} />
        </form>
      )}
      {state.phase === 'ready' && !why && thisId !== null && (
        <p className="push-active">{state.notice?.tone === 'ok' ? state.notice.text : pushCopy.active}</p>
      )}
      {state.phase === 'ready' && (
        <>
          <h3 id="avisos-aparatos">{pushCopy.devicesTitle(devices.length)}</h3>
          {devices.length > 0 && (
            <ul className="push-devices" aria-labelledby="avisos-aparatos">
              {devices.map((device) => (
                <Device
                  key={device.id}
                  device={device}
                  mine={device.id === thisId}
                  outcome={state.results[device.id]}
                  actions={actions}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

/** The panel over the real API and browser (or a test's). */
export function PushAvisos({
  csrf,
  say,
  onSignedOut,
  deps,
}: {
  csrf: string
  say: (message: string) => void
  onSignedOut: (ended: SignedOut) => void
  deps?: PushDeps | undefined
}) {
  const api = useMemo(() => deps?.api ?? createPushApi(csrf), [deps, csrf])
  const browser = useMemo(() => deps?.browser ?? browserPush(), [deps])
  const [state, actions] = usePush(api, browser, { say, onSignedOut })
  return <PushPanel state={state} actions={actions} />
}
