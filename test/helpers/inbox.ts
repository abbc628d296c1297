/**
 * The owner's lead inbox as its browser suites use it (test/owner/inbox.test.ts, inbox-promise.test.ts): the
 * Pages stack (test/helpers/pages-stack.ts) on the default build, its D1 seeded with the suite's leads, and the
 * project's browser on it through test/helpers/driver.ts. In WebKit the pages go through the front server of
 * test/helpers/webkit.ts (its problem probe, axe at a path of the origin); it forwards the Host, so the inbox's API
 * sees the origin the page is on and its CSRF check holds as it does for the owner (edge/inbox/csrf.ts). Its
 * session cookie is host-only, and cookies are not scoped by port.
 */
import type { D1Database } from '../../edge/leads/d1'
import { INBOX_PREFIX } from '../../scripts/hosts/host-rules'
import { openSite, type Tab } from './driver'
import { hooked } from './hooks'
import { startPagesStack, type StackOptions } from './pages-stack'

export { INBOX_PREFIX }

/** The inbox with `seed` written to its D1, and the project's browser on it, for the whole file. */
export function theInbox(
  options: Omit<StackOptions, 'seed'> & { seed: (db: D1Database) => Promise<unknown> },
) {
  return hooked(async () => {
    const server = await startPagesStack({ build: 'default', ...options })
    const site = await openSite({ origin: server.url }).catch(async (error: unknown) => {
      await server.close()
      throw error
    })
    return {
      /** wrangler's own origin (the browser's may be the front server's: `site.url`). */
      server,
      /** The same D1 the Pages Function uses, through its process (seed, then read what the page changed). */
      store: server.d1,
      site,
      /** The one-time sign-in link's path and query, to open on the site's origin: it works once. */
      signInPath: server.signInPath,
      async close() {
        await site.close().catch(() => undefined)
        await server.close()
      },
    }
  }, 'the inbox')
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
