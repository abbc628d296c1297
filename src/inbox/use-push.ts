/**
 * The «Avisos» panel's data and actions (./components/push-panel.tsx): the server's devices and public key, what
 * this browser can do (./push-client.ts), which device is this one, and each device's last test. Activating
 * asks the browser for permission and a subscription, then stores it with the owner's name; a test waits for the
 * service worker to say it arrived, when the device is this one.
 */
import { useCallback, useEffect, useState } from 'react'
import type { PushDevice } from '../../contract/push'
import { ApiError, SignedOut } from './api-client'
import type { PushApi } from './push-api'
import type { BrowserPush, PushSupport } from './push-client'
import { pushCopy } from './push-copy'

/** How long a test may take to reach this phone before the panel says it did not. */
export const TEST_WAIT_MS = 20_000

export type Outcome = { tone: 'busy' | 'ok' | 'bad'; text: string }

export interface PushPanelState {
  phase: 'loading' | 'ready' | 'failed'
  publicKey: string | null
  devices: PushDevice[]
  support: PushSupport
  /** The device this browser is, when it is in the list. */
  thisId: string | null
  activating: boolean
  /** The result of activating (for the form), and of the last action on each device. */
  notice: Outcome | null
  results: Record<string, Outcome>
}

export interface PushPanelActions {
  activate(name: string): Promise<void>
  test(device: PushDevice): Promise<void>
  remove(device: PushDevice): Promise<void>
}

export function usePush(
  api: PushApi,
  push: BrowserPush,
  { say, onSignedOut }: { say: (message: string) => void; onSignedOut: (ended: SignedOut) => void },
): [PushPanelState, PushPanelActions] {
  const [state, setState] = useState<PushPanelState>(() => ({
    phase: 'loading',
    publicKey: null,
    devices: [],
    support: push.support(),
    thisId: null,
    activating: false,
    notice: null,
    results: {},
  }))
  const patch = useCallback(
    (change: Partial<PushPanelState>) => setState((old) => ({ ...old, ...change })),
    [],
  )
  const result = useCallback(
    (id: string, outcome: Outcome) =>
      setState((old) => ({ ...old, results: { ...old.results, [id]: outcome } })),
    [],
  )
  const failure = useCallback(
    (error: unknown) => {
      if (error instanceof SignedOut) onSignedOut(error)
      return error instanceof ApiError || (error instanceof Error && !(error instanceof TypeError))
        ? error.message
        : pushCopy.failed
    },
    [onSignedOut],
  )

  useEffect(() => {
    let live = true
    api
      .devices()
      .then(async (answer) => {
        // This browser is the device it remembers, if the server still lists it and it still has a subscription.
        const remembered = push.deviceId()
        const listed = answer.devices.some((device) => device.id === remembered)
        const subscribed = listed && push.support() === 'ok' ? await push.current().catch(() => null) : null
        if (live)
          patch({
            phase: 'ready',
            publicKey: answer.publicKey,
            devices: answer.devices,
            thisId: subscribed ? remembered : null,
          })
      })
      .catch((error: unknown) => {
        failure(error)
        if (live) patch({ phase: 'failed' })
      })
    return () => {
      live = false
    }
  }, [api, push, patch, failure])

  const actions: PushPanelActions = {
    async activate(name) {
      if (!state.publicKey) return
      patch({ activating: true, notice: { tone: 'busy', text: pushCopy.activating } })
      try {
        const subscription = await push.subscribe(state.publicKey)
        const device = await api.add({ name, subscription })
        push.rememberDevice(device.id)
        setState((old) => ({
          ...old,
          activating: false,
          thisId: device.id,
          support: push.support(),
          devices: [...old.devices.filter((one) => one.id !== device.id), device],
          notice: { tone: 'ok', text: pushCopy.activated(device.name) },
        }))
        say(pushCopy.activated(device.name))
      } catch (error) {
        patch({ activating: false, support: push.support(), notice: { tone: 'bad', text: failure(error) } })
      }
    },
    async test(device) {
      const mine = device.id === state.thisId
      result(device.id, { tone: 'busy', text: pushCopy.testing })
      try {
        const answer = await api.test(device.id)
        if (!answer.sent) {
          result(device.id, { tone: 'bad', text: answer.error ?? pushCopy.failed })
          // A device its push service forgot is gone from the server's list too.
          if (/ya no está suscrito/.test(answer.error ?? ''))
            setState((old) => ({ ...old, devices: old.devices.filter((one) => one.id !== device.id) }))
          return
        }
        if (!mine) return result(device.id, { tone: 'ok', text: pushCopy.sentOther(device.name) })
        result(device.id, { tone: 'busy', text: pushCopy.waiting })
        const arrived = await push.waitForTest(answer.nonce, TEST_WAIT_MS)
        result(
          device.id,
          arrived ? { tone: 'ok', text: pushCopy.arrived } : { tone: 'bad', text: pushCopy.notArrived },
        )
      } catch (error) {
        result(device.id, { tone: 'bad', text: failure(error) })
      }
    },
    async remove(device) {
      try {
        await api.remove(device.id)
        if (device.id === state.thisId) {
          push.rememberDevice(null)
          await push.unsubscribe().catch(() => undefined)
        }
        setState((old) => ({
          ...old,
          devices: old.devices.filter((one) => one.id !== device.id),
          thisId: old.thisId === device.id ? null : old.thisId,
        }))
        say(pushCopy.removed(device.name))
      } catch (error) {
        result(device.id, { tone: 'bad', text: failure(error) })
      }
    },
  }
  return [state, actions]
}
