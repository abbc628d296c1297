/**
 * The edge code runs with one compatibility date everywhere: production's Pages project (wrangler.toml)
 * and schedule Worker (its wrangler.jsonc), and every local run (scripts/lib/compatibility-date.ts). The
 * date must be one the installed workerd supports, or wrangler and Miniflare refuse to start.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { projectCompatibilityDate, runtimeCompatibilityDate } from '../../scripts/lib/compatibility-date'

test('the Workers compatibility date is the same for the Pages project and the schedule Worker, and one the installed workerd supports', () => {
  const worker = readFileSync(path.resolve('workers', 'lead-schedule', 'wrangler.jsonc'), 'utf8')
  expect(/"compatibility_date":\s*"([^"]+)"/.exec(worker)?.[1]).toBe(projectCompatibilityDate())
  expect(projectCompatibilityDate() <= runtimeCompatibilityDate()).toBe(true)
})
