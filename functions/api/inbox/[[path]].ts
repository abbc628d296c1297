/** Cloudflare Pages Function: every /api/inbox/* route of the owner's lead inbox (edge/inbox/api.ts). */
import { handleInbox } from '../../../edge/inbox/api'
import type { InboxContext } from '../../../edge/inbox/env'

export const onRequest = (context: InboxContext) => handleInbox(context)
