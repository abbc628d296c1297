/**
 * `npm run check:system`, the first step of `npm test` (and of `.ci/run`): the Debian packages the tests need
 * (scripts/lib/system-packages.ts) are there, or they are installed now (as root, with apt-get), or the run stops
 * within seconds with the one command that installs them. Prints how long it took.
 */
import { spawnSync } from 'node:child_process'
import { findCommand, missingPackages, plan } from '../lib/system-packages'

const started = performance.now()
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`

const missing = missingPackages()
const next = plan(missing, {
  root: process.getuid?.() === 0,
  aptGet: findCommand('apt-get') !== undefined,
})

if (next.action === 'none') {
  console.log(`check:system: every system package the tests need is installed (${seconds()})`)
} else if (next.action === 'stop') {
  console.error(`check:system: ${next.message}`)
  process.exitCode = 1
} else {
  console.log(`check:system: installing ${missing.map((pkg) => pkg.name).join(' ')} (apt-get, as root)`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const command of next.commands) {
    const result = spawnSync(command[0]!, command.slice(1), { stdio: ['ignore', 'inherit', 'inherit'], env })
    if (result.status !== 0) {
      console.error(
        `check:system: \`${command.join(' ')}\` failed (${result.error?.message ?? `exit ${result.status}`})`,
      )
      process.exit(1)
    }
  }
  const still = missingPackages()
  if (still.length > 0) {
    console.error(
      `check:system: after installing, still not found: ${still.map((pkg) => `${pkg.name} (${pkg.command ?? pkg.file})`).join(', ')}; ` +
        'is PATH (or the variable naming it) pointing elsewhere?',
    )
    process.exit(1)
  }
  console.log(`check:system: installed (${seconds()})`)
}
