/**
 * The owner's phones' push service, for a file: the stand-in of test/stand-ins/push.ts (FCM's and autopush's
 * answers, each message decrypted with the device's keys) and a VAPID key pair made for the run; `vars` are what
 * the Pages stack needs to send through it (`thePagesStack({ vars: () => push.vars() })`).
 */
import { newVapidKeys } from '../../scripts/lib/vapid-keys'
import { startPushStandIn } from '../stand-ins/push'
import { hooked } from './hooks'

export const thePushService = () =>
  hooked(async () => {
    const [keys, standIn] = await Promise.all([newVapidKeys(), startPushStandIn()])
    return Object.assign(standIn, {
      keys,
      vars: () => ({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    })
  }, 'the push service')
