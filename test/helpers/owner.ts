/**
 * The owner, for the owner's-tools tests: GitHub as the owner's account and the site's repository (the stand-in,
 * test/stand-ins/github.ts, with the OAuth app the site is configured with and a copy of content/ on the branch
 * the CMS commits to), and the owner signed in to the inbox with the stack's one-time local link.
 */
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { readCmsSettings } from '../../scripts/cms/settings'
import { INBOX_PREFIX } from '../../scripts/hosts/host-rules'
import { startGitHubStandIn, type GitHubStandIn, type StandInOptions } from '../stand-ins/github'
import { projectRoot } from './builds'
import { hooked } from './hooks'

export interface OwnersGitHub extends GitHubStandIn {
  /** The OAuth app: what GitHub issues to it. */
  app: { clientId: string; secret: string; code: string; token: string }
  /** The repository the CMS commits to (owner/name) and its branch: the build's (scripts/cms/settings.ts). */
  repo: string
  branch: string
}

/** GitHub for the file: the site's OAuth app (`options` rename it) and its repository (a copy of content/). */
export const theGitHub = (options: Partial<StandInOptions> = {}): OwnersGitHub =>
  hooked(async () => {
    const { repo, branch } = readCmsSettings()
    const app = {
      clientId: options.clientId ?? 'Iv1.aquapuebla',
      secret: options.secret ?? 'secreto-de-la-app',
      code: options.code ?? 'codigo-de-github',
      token: options.token ?? 'gho_duena',
    }
    const standIn = await startGitHubStandIn({
      ...app,
      repository: { fullName: repo, branch, seedDir: path.join(projectRoot, 'content'), under: 'content' },
      ...options,
    })
    return Object.assign(standIn, { app, repo, branch })
  }, 'GitHub')

/** The variables that point the site's functions at this GitHub (theGitHub's; docs/configuration.md). */
export function githubVars({ app, repo, origin }: OwnersGitHub): Record<string, string> {
  return {
    GITHUB_CLIENT_ID: app.clientId,
    GITHUB_CLIENT_SECRET: app.secret,
    GITHUB_OAUTH_ORIGIN: origin,
    GITHUB_API_ORIGIN: origin,
    CMS_GITHUB_REPO: repo,
  }
}

/** The owner signs in to the inbox with the one-time local link (`npm start` prints it) and sees it. */
export async function signInToInbox(page: Page, origin: string, signInPath: string): Promise<void> {
  await page.goto(`${origin}${signInPath}`)
  if (new URL(page.url()).pathname !== INBOX_PREFIX)
    throw new Error(`the one-time link led to ${page.url()}, not to the inbox`)
  await page.waitForSelector('::-p-aria([name="Solicitudes"][role="heading"])')
}
