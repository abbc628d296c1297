/**
 * @jest-environment node
 *
 * `npm run deploy` (scripts/deploy.ts) applies the D1 migrations before anything that needs them goes live
 * (issue 41, 5): its plan, for production, a preview, and Pages' own build of another branch.
 */
import { deployOptions, deployPlan } from '../../scripts/deploy'

test('production: migrations, then the build, Pages and the schedule Worker, in that order', () => {
  expect(deployPlan(deployOptions([], {})).map((command) => command.join(' '))).toEqual([
    'wrangler d1 migrations apply DB --remote',
    'npm run build',
    'wrangler pages deploy dist',
    'wrangler deploy --config workers/lead-schedule/wrangler.jsonc',
  ])
})

test('a preview uses the preview database and Worker; Pages’ build of a branch migrates the preview database', () => {
  expect(deployPlan(deployOptions(['--preview'], {})).map((command) => command.join(' '))).toEqual([
    'wrangler d1 migrations apply DB --remote --env preview',
    'npm run build',
    'wrangler pages deploy dist --branch preview',
    'wrangler deploy --config workers/lead-schedule/wrangler.jsonc --env preview',
  ])
  const onPages = (branch: string) =>
    deployPlan(deployOptions(['migrations'], { CF_PAGES: '1', CF_PAGES_BRANCH: branch })).map((c) =>
      c.join(' '),
    )
  expect(onPages('main')).toEqual(['wrangler d1 migrations apply DB --remote'])
  expect(onPages('nueva-galeria')).toEqual(['wrangler d1 migrations apply DB --remote --env preview'])
})
