/**
 * @jest-environment node
 *
 * `npm run deploy` (scripts/deploy.ts) applies the D1 migrations before anything that needs them goes live
 * (issue 41, 5): its plan, for production, a preview, and Pages' own build of another branch.
 */
import { deployOptions, deployPlan } from '../../scripts/deploy'

/** The commands `npm run deploy` runs with these arguments and environment, as a person would type them. */
const plan = (args: string[], env: Record<string, string> = {}) =>
  deployPlan(deployOptions(args, env)).map((command) => command.join(' '))

test('production: migrations, then the build, Pages and the schedule Worker, in that order', () => {
  expect(plan([])).toEqual([
    'wrangler d1 migrations apply DB --remote',
    'npm run build',
    'wrangler pages deploy dist',
    'wrangler deploy --config workers/lead-schedule/wrangler.jsonc',
  ])
})

test('a preview uses the preview database and Worker; Pages’ build of a branch migrates the preview database', () => {
  expect(plan(['--preview'])).toEqual([
    'wrangler d1 migrations apply DB --remote --env preview',
    'npm run build',
    'wrangler pages deploy dist --branch preview',
    'wrangler deploy --config workers/lead-schedule/wrangler.jsonc --env preview',
  ])
  const onPages = (branch: string) => plan(['migrations'], { CF_PAGES: '1', CF_PAGES_BRANCH: branch })
  expect(onPages('main')).toEqual(['wrangler d1 migrations apply DB --remote'])
  expect(onPages('nueva-galeria')).toEqual(['wrangler d1 migrations apply DB --remote --env preview'])
})
