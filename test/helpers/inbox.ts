/**
 * The owner's lead inbox as its browser suites use it (test/owner/inbox.test.ts, inbox-promise.test.ts):
 * `wrangler pages dev` serving the build and functions/ (the inbox's API) with a fresh local D1 (migrations/
 * applied by wrangler, then the suite's seed written through Miniflare), the loopback one-time sign-in link
 * (edge/inbox/dev-login.ts), and the project's browser on it through test/helpers/driver.ts. In WebKit the
 * pages go through the front server of test/helpers/webkit.ts (its problem probe, axe at a path of the origin);
 * it forwards the Host, so the inbox's API sees the origin the page is on and its CSRF check holds as it does
 * for the owner (edge/inbox/csrf.ts). Its session cookie is host-only, and cookies are not scoped by port.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { D1Database } from '../../edge/leads/d1'
import { INBOX_PREFIX } from '../../scripts/hosts/host-rules'
import { localInboxSignIn } from '../../scripts/hosts/inbox-sign-in'
import { createLocalD1, freePort, startPages, type HostServer } from '../../scripts/hosts/servers'
import { distDir, projectRoot } from './browser'
import { openLocalD1, type TestD1 } from './d1'
import { openSite, type Site, type Tab } from './driver'

export { INBOX_PREFIX }

export interface InboxUnderTest {
  /** wrangler's own origin (the browser's may be the front server's: `site.url`). */
  server: HostServer
  /** The same local D1 the Pages Function uses, opened from the test (seed, then read what the page changed). */
  store: TestD1
  site: Site
  /** The one-time sign-in link's path and query, to open on the site's origin: it works once. */
  signInPath: string
  close(): Promise<void>
}

/**
 * Starts the inbox with `seed` written to its D1 and `vars` for its functions (beside the sign-in link's
 * SESSION_SECRET and INBOX_DEV_LOGIN_TOKEN), and opens the project's browser on it.
 */
export async function startInbox({
  seed,
  vars = {},
}: {
  seed: (db: D1Database) => Promise<unknown>
  vars?: Record<string, string>
}): Promise<InboxUnderTest> {
  if (!existsSync(path.join(distDir, INBOX_PREFIX, 'index.html')))
    throw new Error('dist/admin/solicitudes/ is missing: run npm run build')
  const d1Dir = mkdtempSync(path.join(tmpdir(), 'inbox-d1-'))
  let store: TestD1 | undefined
  let server: HostServer | undefined
  try {
    const local = createLocalD1(d1Dir)
    store = await openLocalD1(local)
    await seed(store.db)
    const port = await freePort()
    const signIn = localInboxSignIn(`http://127.0.0.1:${port}`)
    server = await startPages({
      root: distDir,
      port,
      functions: { dir: path.join(projectRoot, 'functions'), vars: { ...signIn.vars, ...vars }, d1: local },
    })
    const site = await openSite({ origin: server.url })
    const link = new URL(signIn.link)
    const [opened, running] = [store, server]
    return {
      server: running,
      store: opened,
      site,
      signInPath: `${link.pathname}${link.search}`,
      async close() {
        await site.close().catch(() => undefined)
        await running.close()
        await opened.close()
        rmSync(d1Dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await server?.close()
    await store?.close()
    rmSync(d1Dir, { recursive: true, force: true })
    throw error
  }
}

/** Waits until the list shows exactly these names, in this order. */
export async function waitForNames(tab: Tab, expected: string[]): Promise<void> {
  await tab.waitFor(
    (wanted: string) =>
      JSON.stringify([...document.querySelectorAll('#lista h2')].map((h) => h.textContent)) === wanted,
    [JSON.stringify(expected)],
    { what: `the list ${expected.join(', ')}` },
  )
}
