/**
 * @jest-environment node
 *
 * The check `npm test` starts with (scripts/lib/system-packages.ts): a package is present when what it provides
 * is found (on PATH, in the sbin folders, at the file, or where its variable points); what is missing is installed
 * when running as root with apt-get, without a prompt; otherwise the run stops with the one command to type.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  SYSTEM_PACKAGES,
  findCommand,
  isPresent,
  missingPackages,
  plan,
  type SystemPackage,
} from '../../scripts/lib/system-packages'

const root = path.resolve(__dirname, '../..')
let bin: string
let other: string

function tool(dir: string, name: string): string {
  const file = path.join(dir, name)
  writeFileSync(file, '#!/bin/sh\n')
  chmodSync(file, 0o755)
  return file
}

beforeAll(() => {
  bin = mkdtempSync(path.join(tmpdir(), 'system-packages-'))
  other = mkdtempSync(path.join(tmpdir(), 'system-packages-other-'))
  tool(bin, 'firefox-esr')
  tool(other, 'java-elsewhere')
  writeFileSync(path.join(bin, 'not-executable'), 'data')
})
afterAll(() => {
  rmSync(bin, { recursive: true, force: true })
  rmSync(other, { recursive: true, force: true })
})

const firefox = SYSTEM_PACKAGES.find((pkg) => pkg.name === 'firefox-esr')!
const java = SYSTEM_PACKAGES.find((pkg) => pkg.name === 'default-jre-headless')!
const chromium = SYSTEM_PACKAGES.find((pkg) => pkg.name === 'chromium')!

test('a package is present by its command on PATH (executable), its variable when set, or its file', () => {
  expect(isPresent(firefox, { PATH: bin })).toBe(true)
  expect(isPresent(firefox, { PATH: other })).toBe(false)
  expect(findCommand('firefox-esr', { PATH: `${other}:${bin}` })).toBe(path.join(bin, 'firefox-esr'))
  expect(findCommand('not-executable', { PATH: bin })).toBeUndefined()
  // The variable names the executable the tests will use, wherever PATH points.
  expect(isPresent(java, { PATH: bin, JAVA: path.join(other, 'java-elsewhere') })).toBe(true)
  expect(isPresent(firefox, { PATH: bin, FIREFOX_EXECUTABLE_PATH: '/nonexistent/firefox' })).toBe(false)
  const here: SystemPackage = { name: 'here', for: 'a test', file: path.join(bin, 'firefox-esr') }
  const gone: SystemPackage = { name: 'gone', for: 'a test', file: path.join(bin, 'no-such-module.so') }
  expect(missingPackages({ PATH: '' }, [here, gone]).map((pkg) => pkg.name)).toEqual(['gone'])
})

test('the one list names every package the tests use, each with what it is for and how it is found', () => {
  expect(SYSTEM_PACKAGES.map((pkg) => pkg.name)).toEqual(
    expect.arrayContaining(['chromium', 'firefox-esr', 'nginx', 'apache2', 'default-jre-headless', 'xvfb']),
  )
  for (const pkg of SYSTEM_PACKAGES) {
    expect(pkg.for).not.toBe('')
    expect(Boolean(pkg.command) !== Boolean(pkg.file)).toBe(true)
  }
})

test('nothing missing: nothing to do; as root with apt-get: install exactly those; else stop with the command', () => {
  expect(plan([], { root: true, aptGet: true })).toEqual({ action: 'none' })
  expect(plan([], { root: false, aptGet: false })).toEqual({ action: 'none' })
  expect(plan([java, firefox], { root: true, aptGet: true })).toEqual({
    action: 'install',
    commands: [
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', '--no-install-recommends', 'default-jre-headless', 'firefox-esr'],
    ],
  })
  const command = 'sudo apt-get install -y --no-install-recommends default-jre-headless chromium'
  const notRoot = plan([java, chromium], { root: false, aptGet: true })
  expect(notRoot).toMatchObject({ action: 'stop', command })
  const message = notRoot.action === 'stop' ? notRoot.message : ''
  expect(message).toContain('default-jre-headless: the W3C Nu Html Checker')
  expect(message).toContain('Not running as root')
  expect(message.endsWith(`Run: ${command}`)).toBe(true)
  const noAptGet = plan([java], { root: true, aptGet: false })
  expect(noAptGet.action === 'stop' && noAptGet.message).toContain('no apt-get')
})

// The script itself, with a PATH that lacks Java's `java` and has no apt-get: root or not, it stops.
test('npm run check:system with a tool missing from PATH stops at once with the command', () => {
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')
  const result = spawnSync(process.execPath, [tsx, 'scripts/tools/system-packages.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: bin, HOME: process.env.HOME ?? tmpdir() },
    timeout: 30_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain('default-jre-headless: the W3C Nu Html Checker')
  expect(result.stderr).toMatch(/Run: sudo apt-get install -y --no-install-recommends .*default-jre-headless/)
  expect(result.stderr).not.toMatch(/firefox-esr:/)
})
