/** Cloudflare Pages Function: GET /api/callback, GitHub's answer to the CMS's sign-in (functions/oauth.ts). */
import { finishAuth, type PagesContext } from '../oauth'

export const onRequestGet = (context: PagesContext) => finishAuth(context)
