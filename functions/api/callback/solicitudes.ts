/** Cloudflare Pages Function: GET /api/callback/solicitudes, GitHub's answer to the inbox's sign-in. */
import { finishInboxSignIn } from '../../../edge/inbox/github-sign-in'
import type { InboxContext } from '../../../edge/inbox/env'

export const onRequestGet = (context: InboxContext) => finishInboxSignIn(context)
