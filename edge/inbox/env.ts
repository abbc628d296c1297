/**
 * What the inbox's edge code is given by Cloudflare Pages (Settings → Variables and Secrets, and the D1
 * binding `DB`, typed once for all edge code in edge/leads/d1.ts), so the same modules run in Node (jest,
 * with Miniflare's D1) and in workerd (wrangler pages dev, Cloudflare).
 */

import type { D1Database } from '../leads/d1'
import type { AdminOriginEnv } from '../owner/origin'

export type { D1Database }

export interface InboxEnv extends AdminOriginEnv {
  /** The company's D1 database (migrations/), shared with POST /api/leads. */
  DB?: D1Database
  /** At least 32 characters; signs the session cookie (HMAC-SHA-256). Changing it signs everyone out. */
  SESSION_SECRET?: string
  /** The GitHub OAuth app the CMS signs in with (edge/cms/oauth.ts). */
  GITHUB_CLIENT_ID?: string
  GITHUB_CLIENT_SECRET?: string
  /** Tests only: github.com's stand-in (default https://github.com). */
  GITHUB_OAUTH_ORIGIN?: string
  /** Tests only: api.github.com's stand-in (default https://api.github.com). */
  GITHUB_API_ORIGIN?: string
  /** `owner/name` of the site's repository: whoever may push to it may open the inbox. */
  CMS_GITHUB_REPO?: string
  /** `repo` (a private repository, the default) or `public_repo`; nothing else is asked for. */
  INBOX_GITHUB_SCOPE?: string
  /** Local development only: the one-time sign-in token (`npm start` prints the link); honoured on loopback. */
  INBOX_DEV_LOGIN_TOKEN?: string
  /** Tests only: the leads' test clock (edge/leads/clock.ts), so "quedan 5 h" and first contacts follow it. */
  LEAD_TEST_CLOCK_URL?: string
}

/** What a Pages Function receives (the parts used here). */
export interface InboxContext {
  request: Request
  env: InboxEnv
}
