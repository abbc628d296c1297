/**
 * Before a browser project's tests (jest.config.js `globalSetup`): the build they run against must be the one
 * they are written for, the default build (jest's `globals`: no LEAD_ENDPOINT, no analytics, no Turnstile) of the
 * sources as they are now. The build's own record says what it was built with (scripts/lib/build-info.ts).
 * - dist/ built otherwise (`npm start` builds with LEAD_ENDPOINT=/api/leads), or older than a source: it is
 *   built again here, with the default settings, and the tests run on that (about a minute; `npm start` builds
 *   its own again when next started).
 * - DIST_DIR naming another folder: that build is someone's on purpose, so it is left alone and the run stops at
 *   once with the reason and the command that builds it as the tests need.
 */
import path from 'node:path'
import type { Config } from '@jest/types'
import { buildIntoSync } from '../../scripts/lib/build-into'
import { staleReason } from '../../scripts/lib/build-info'
import { readBuildSettings, type BuildSettings } from '../../scripts/lib/build-settings'

const root = path.resolve(__dirname, '../..')

/** The build settings jest's globals describe (every one named, empty included). */
function settingsOf(globals: Record<string, unknown>): BuildSettings {
  return readBuildSettings(
    Object.fromEntries(Object.entries(globals).map(([key, value]) => [key, String(value ?? '')])),
  )
}

export default function checkBuild(_global: Config.GlobalConfig, project: Config.ProjectConfig): void {
  const wanted = settingsOf(project.globals as Record<string, unknown>)
  const dist = path.resolve(root, process.env.DIST_DIR || 'dist')
  const contentDir = path.resolve(root, process.env.CONTENT_DIR || 'content')
  const reason = staleReason(dist, { settings: wanted, contentDir }, root)
  if (!reason) return
  const name = project.displayName?.name ?? 'browser'
  const relative = path.relative(root, dist)
  if (process.env.DIST_DIR && relative !== 'dist') {
    const assignments = Object.entries(wanted)
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
      .join(' ')
    throw new Error(
      `The ${name} tests need the default build in ${relative}/, but ${reason}.\n` +
        `Build it as they need it: DIST_DIR=${relative} ${assignments} npm run build`,
    )
  }
  console.log(`\n[${name}] Building dist/ again for the tests: ${reason}.`)
  const result = buildIntoSync({
    dist,
    ssrDist: `${dist}-server`,
    env: { ...wanted },
    cwd: root,
    inherit: true,
  })
  if (result.status !== 0 || result.error)
    throw new Error(
      `The build for the ${name} tests failed (${result.error?.message ?? `exit ${result.status}`}): run npm run build to see why.`,
    )
  const still = staleReason(dist, { settings: wanted, contentDir }, root)
  if (still) throw new Error(`After building, dist/ is still not the build the ${name} tests need: ${still}.`)
}
