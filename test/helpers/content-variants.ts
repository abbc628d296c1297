/**
 * Content variants for build tests: a copy of content/ with a few edits, built through CONTENT_DIR;
 * a "last good build" to prove a failed build leaves dist/ exactly as it was.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildIntoSync, shellEnvironment } from '../../scripts/lib/build-into'
import { projectRoot } from './browser'

export type Edits = Record<string, (text: string) => string>

/** `from` must be in `text`: an edit that changes nothing would make its test pass for nothing. */
export function replace(text: string, from: string, to: string): string {
  if (!text.includes(from))
    throw new Error(`content no longer contains ${JSON.stringify(from)}: update this test`)
  return text.replace(from, to)
}

/** A copy of content/ with `edits` applied, in `<scratch>/<name>/content`. */
export function contentVariant(scratch: string, name: string, edits: Edits): string {
  const dir = path.join(scratch, name, 'content')
  cpSync(path.join(projectRoot, 'content'), dir, { recursive: true })
  for (const [file, edit] of Object.entries(edits)) {
    const full = path.join(dir, file)
    writeFileSync(full, edit(readFileSync(full, 'utf8')))
  }
  return dir
}

/** Every file under `dir` with its bytes: what "left exactly as it was" compares. */
export function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()
  return Object.fromEntries(
    files.flatMap((file) => {
      const full = path.join(dir, file)
      try {
        return [[file, readFileSync(full).toString('base64')]]
      } catch {
        return [] // a folder
      }
    }),
  )
}

/** A "last good build" in `<scratch>/<name>/dist`: a page and an asset, as a host would be serving them. */
export function lastGoodBuild(scratch: string, name: string): string {
  const dist = path.join(scratch, name, 'dist')
  mkdirSync(path.join(dist, 'assets'), { recursive: true })
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>La última versión buena</title>')
  writeFileSync(path.join(dist, 'assets', 'inicio-good.js'), 'console.log("last good build")')
  return dist
}

/** A command in the project, with extra env, as a shell runs it (Jest sets NODE_ENV=test). */
export function run(command: string, args: string[], env: Record<string, string>) {
  return spawnSync(command, args, { cwd: projectRoot, env: shellEnvironment(env), encoding: 'utf8' })
}

/** `npm run build` of `content` into `dist` (with its server bundle beside it): the failed-build check. */
export function buildInto(content: string, dist: string, env: Record<string, string> = {}) {
  return buildIntoSync({ dist, env: { CONTENT_DIR: content, ...env }, cwd: projectRoot })
}

/** The problem lines (`<file>.yaml: <field>: …`) a failed build printed. */
export const problemLines = (stderr: string) => stderr.split('\n').filter((line) => /^\w+\.yaml: /.test(line))
