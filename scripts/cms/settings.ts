/**
 * The CMS's build settings, read from the environment in one place (no import.meta: the tests load it).
 *   CMS_GITHUB_REPO      the GitHub repository the CMS commits to, owner/name
 *   CMS_GITHUB_BRANCH    its branch (default main)
 *   CMS_AUTH_BASE_URL    origin of the GitHub OAuth endpoint: empty = Netlify's built-in provider;
 *                        on Cloudflare Pages the site's own origin (functions/api/auth.ts), or ADMIN_ORIGIN
 *                        (the default when that is set: the owner's tools on their own origin)
 *   CMS_PROXY_URL        decap-server's API for local editing (default http://127.0.0.1:8081/api/v1)
 */
import { readBuildSettings } from '../lib/build-settings'
import type { CmsSettings } from './config'

export const DEFAULT_PROXY_PORT = 8081

export function readCmsSettings(env: NodeJS.ProcessEnv = process.env): CmsSettings {
  return {
    siteUrl: readBuildSettings(env).SITE_URL,
    repo: env.CMS_GITHUB_REPO?.trim() || 'aquapuebla/sitio-web',
    branch: env.CMS_GITHUB_BRANCH?.trim() || 'main',
    authBaseUrl: (env.CMS_AUTH_BASE_URL?.trim() || env.ADMIN_ORIGIN?.trim() || '').replace(/\/+$/, ''),
    localBackendUrl: env.CMS_PROXY_URL?.trim() || `http://127.0.0.1:${DEFAULT_PROXY_PORT}/api/v1`,
  }
}
