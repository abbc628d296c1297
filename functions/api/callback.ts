/** Cloudflare Pages Function: GET /api/callback, GitHub's answer to the CMS's sign-in (edge/cms/oauth.ts). */
import { finishAuth, type PagesContext } from '../../edge/cms/oauth'

export const onRequestGet = (context: PagesContext) => finishAuth(context)
