/**
 * Before a browser project's tests (jest.config.js `globalSetup`): dist/ must be the default build of the sources
 * as they are now (jest's `globals`), and the variants the project names (`testEnvironmentOptions.builds`)
 * current; each is built here when it is not (docs/testing.md, decision 036). DIST_DIR naming another folder:
 * that build is someone's on purpose, so the run stops with the command that builds it as the tests need. The local
 * D1 the Pages stacks copy (every migration applied) is made here too, once.
 */
import path from 'node:path'
import type { Config } from '@jest/types'
import { buildInto } from '../../scripts/lib/build-into'
import { staleReason } from '../../scripts/lib/build-info'
import { readBuildSettings, type BuildSettings } from '../../scripts/lib/build-settings'
import { ensureMigratedD1, ensureVariant, type BuildName } from '../helpers/builds'

const root = path.resolve(__dirname, '../..')

/** The build settings jest's globals describe (every one named, empty included). */
function settingsOf(globals: Record<string, unknown>): BuildSettings {
  return readBuildSettings(
    Object.fromEntries(Object.entries(globals).map(([key, value]) => [key, String(value ?? '')])),
  )
}

export default async function checkBuilds(
  _global: Config.GlobalConfig,
  project: Config.ProjectConfig,
): Promise<void> {
  const name = project.displayName?.name ?? 'browser'
  // Side by side: each build has long single-threaded stretches (Rollup, a step at a time), and CI has two cores.
  const variants = (project.testEnvironmentOptions.builds ?? []) as Exclude<BuildName, 'default'>[]
  const started = Date.now()
  const built = variants.map(async (variant) => {
    const reason = await ensureVariant(variant)
    if (reason)
      console.log(
        `\n[${name}] Built the ${variant} build for the tests (${reason}) in ${Math.round((Date.now() - started) / 1000)} s.`,
      )
  })
  await Promise.all([checkBuild(project, name), ensureMigratedD1(), ...built])
}

async function checkBuild(project: Config.ProjectConfig, name: string): Promise<void> {
  const wanted = settingsOf(project.globals as Record<string, unknown>)
  const dist = path.resolve(root, process.env.DIST_DIR || 'dist')
  const contentDir = path.resolve(root, process.env.CONTENT_DIR || 'content')
  const reason = staleReason(dist, { settings: wanted, contentDir }, root)
  if (!reason) return
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
  const started = Date.now()
  await buildInto({ dist, ssrDist: `${dist}-server`, env: { ...wanted }, cwd: root }).catch(
    (error: Error) => {
      throw new Error(
        `The build for the ${name} tests failed (npm run build shows it whole): ${error.message}`,
      )
    },
  )
  console.log(`[${name}] Built dist/ in ${Math.round((Date.now() - started) / 1000)} s.`)
  const still = staleReason(dist, { settings: wanted, contentDir }, root)
  if (still) throw new Error(`After building, dist/ is still not the build the ${name} tests need: ${still}.`)
}
