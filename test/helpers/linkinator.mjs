/**
 * Runs linkinator's API in a child process (it is an ES module; jest's CommonJS runtime cannot load it)
 * and prints `{ links }` as JSON. argv[2]: linkinator CheckOptions as JSON. Every URL that is not on
 * the loopback server is skipped (reported as SKIPPED, never fetched): the machine is offline.
 * Used by test/validators/links.test.ts.
 */
import process from 'node:process'
import { URL } from 'node:url'
import { LinkChecker } from 'linkinator'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

const options = JSON.parse(process.argv[2] ?? '{}')
const result = await new LinkChecker().check({
  ...options,
  linksToSkip: async (link) => {
    try {
      return !LOOPBACK.has(new URL(link).hostname)
    } catch {
      return true
    }
  },
})
process.stdout.write(JSON.stringify({ links: result.links }))
