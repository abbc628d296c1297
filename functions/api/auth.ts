/** Cloudflare Pages Function: GET /api/auth, the CMS's GitHub sign-in (edge/cms/oauth.ts). */
import { startAuth, type PagesContext } from '../../edge/cms/oauth'

export const onRequestGet = (context: PagesContext) => startAuth(context)
