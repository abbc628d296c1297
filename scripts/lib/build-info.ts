/**
 * What a build was built with, recorded by the build itself as the last step of `npm run build`
 * (`build-info.json` beside the server bundle and the client manifest: `dist-server/` for dist/, never in the
 * published folder, so dist/ stays the same bytes from one build of the same sources to the next): its
 * settings (scripts/lib/build-settings.ts), the content folder it read and when it finished. `npm start` reads it
 * to decide whether to build again; each browser test project before its tests (test/setup/build-check.ts), so a
 * suite never runs on a build made for something else (after `npm start` dist/ posts to /api/leads).
 * A source edited while a build runs is not seen as newer: the record is written when the build ends.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { clientManifestPath, type BuildSettings } from './build-settings'

/** Where the record of the build in `dist` is: beside its client manifest (SSR_DIST_DIR, else `<dist>-server`). */
export function buildInfoPath(dist: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.dirname(clientManifestPath(dist, env)), 'build-info.json')
}

export interface BuildInfo {
  settings: BuildSettings
  /** The content folder the build read (CONTENT_DIR, else content/), absolute. */
  contentDir: string
  /** When the build finished (ms since the epoch). */
  builtAt: number
}

/** What a build reads besides its settings: a file here newer than the record makes the build stale. */
const BUILD_SOURCES = [
  'src',
  'pages',
  'renderer',
  'public',
  'scripts/build',
  'scripts/cms',
  'scripts/hosts',
  'scripts/lib',
  'index.html',
  'vite.config.ts',
  'vite.inbox.config.ts',
  'package-lock.json',
]

export function writeBuildInfo(file: string, info: BuildInfo): void {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(info, null, 2)}\n`)
}

export function readBuildInfo(file: string): BuildInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildInfo>
    return info.settings && info.contentDir && typeof info.builtAt === 'number' ? (info as BuildInfo) : null
  } catch {
    return null
  }
}

/** The newest modification time among `entries` (files or folders, walked), and which file it is. */
export function newestFile(entries: string[]): { file: string; time: number } {
  let newest = { file: '', time: 0 }
  const visit = (entry: string) => {
    if (!existsSync(entry)) return
    const stats = statSync(entry)
    if (stats.isDirectory()) readdirSync(entry).forEach((name) => visit(path.join(entry, name)))
    else if (stats.mtimeMs > newest.time) newest = { file: entry, time: stats.mtimeMs }
  }
  entries.forEach(visit)
  return newest
}

/**
 * Why the build in `dist` is not the one wanted (`settings` read from `contentDir`, from the sources of the
 * checkout at `root` as they are now), or null when it is.
 */
export function staleReason(
  dist: string,
  wanted: { settings: BuildSettings; contentDir: string },
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const record = buildInfoPath(dist, env)
  const info = readBuildInfo(record)
  if (!info) return `there is no build record (${path.relative(root, record)}): no build yet`
  const differ = (Object.keys(wanted.settings) as (keyof BuildSettings)[])
    .filter((key) => info.settings[key] !== wanted.settings[key])
    .map(
      (key) =>
        `${key}=${JSON.stringify(info.settings[key])} (wanted ${JSON.stringify(wanted.settings[key])})`,
    )
  if (path.resolve(info.contentDir) !== path.resolve(wanted.contentDir))
    differ.push(`content from ${info.contentDir} (wanted ${wanted.contentDir})`)
  if (differ.length > 0) return `it was built with ${differ.join(', ')}`
  // The build's last steps write into the folder, then the record: a folder missing its home page, or changed
  // after the record (a step run alone, `vite build` say, empties it and leaves no page), is half a build.
  if (!existsSync(path.join(dist, 'index.html')))
    return `${path.relative(root, dist) || dist}/ has no index.html: the build is missing or half done`
  if (statSync(dist).mtimeMs > info.builtAt)
    return `${path.relative(root, dist) || dist}/ changed after the build ended (a build step run alone?)`
  const newest = newestFile([...BUILD_SOURCES.map((entry) => path.join(root, entry)), wanted.contentDir])
  if (newest.time > info.builtAt) return `${path.relative(root, newest.file)} changed after it was built`
  return null
}
