/**
 * The lead inbox's local sign-in for `npm start` / `wrangler pages dev` (GitHub cannot be reached
 * offline): the variables to pass the Pages server (a fresh SESSION_SECRET unless one is set, and the
 * one-time INBOX_DEV_LOGIN_TOKEN) and the link to print. The link works once, on loopback only
 * (edge/inbox/dev-login.ts). Usage, with the port known before the server starts:
 *
 *   const port = await freePort()
 *   const inbox = localInboxSignIn(`http://127.0.0.1:${port}`)
 *   const server = await startPages({ root, port, functions: { dir, vars: { ...vars, ...inbox.vars } }, d1 })
 *   console.log(`Bandeja de solicitudes (un solo uso): ${inbox.link}`)
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
