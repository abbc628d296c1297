/**
 * Stops a run on a Node older than package.json's `engines` with a message that says what to do.
 *
 * The project brings its own Node 22 (the `node` devDependency, decision 029): every npm script and
 * `npx` put node_modules/.bin/node first on PATH. Only a tool started some other way
 * (`node_modules/.bin/jest` typed directly, say) runs on the system's Node, and on an older one it
 * would fail later with a less helpful error, or pass on a Node the site is never built with.
 */
import { readFileSync } from 'node:fs'

const packageJson = new URL('../../package.json', import.meta.url)

/** @param {string} what the tool that is starting, for the message */
export function requireProjectNode(what) {
  const { engines } = JSON.parse(readFileSync(packageJson, 'utf8'))
  const wanted = /^>=(\d+)\.(\d+)/.exec(engines.node)
  if (!wanted) throw new Error(`package.json engines.node is not ">=X.Y": ${engines.node}`)
  const [major, minor] = process.versions.node.split('.').map(Number)
  const [wantedMajor, wantedMinor] = [Number(wanted[1]), Number(wanted[2])]
  if (major > wantedMajor || (major === wantedMajor && minor >= wantedMinor)) return
  throw new Error(
    `${what} needs Node ${engines.node} and got ${process.version} (${process.execPath}). ` +
      "Run it through npm (npm run …, npm test, npx …), which puts the project's own Node " +
      '(node_modules/.bin/node, installed by npm ci) first on PATH.',
  )
}
