/**
 * The lead inbox's local sign-in for `npm start` and the tests' Pages stack (GitHub cannot be reached offline): the
 * variables to pass the Pages server at `origin` (a fresh SESSION_SECRET unless one is set, and the one-time
 * INBOX_DEV_LOGIN_TOKEN) and the link to print, which works once, on loopback only (edge/inbox/dev-login.ts).
 */
import { randomBytes } from 'node:crypto'
import { makeDevLoginLink } from '../../edge/inbox/dev-login'

export function localInboxSignIn(
  origin: string,
  env: NodeJS.ProcessEnv = process.env,
): { vars: Record<string, string>; link: string } {
  const { token, url } = makeDevLoginLink(origin)
  return {
    vars: {
      SESSION_SECRET: env.SESSION_SECRET || randomBytes(32).toString('base64url'),
      INBOX_DEV_LOGIN_TOKEN: token,
    },
    link: url,
  }
}
