/** Cloudflare Pages Function: GET /api/auth, the CMS's GitHub sign-in (functions/oauth.ts). */
import { startAuth, type PagesContext } from '../oauth'

export const onRequestGet = (context: PagesContext) => startAuth(context)
