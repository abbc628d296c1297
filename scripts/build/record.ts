/**
 * The last step of `npm run build`: records what this build was built with (its settings, its content folder,
 * when it finished) in `build-info.json` beside the server bundle, `dist-server/` for dist/. `npm start` and
 * the browser test projects read it (scripts/lib/build-info.ts). Run by `npm run build`.
 */
import path from 'node:path'
import { buildInfoPath, writeBuildInfo } from '../lib/build-info'
import { readBuildSettings } from '../lib/build-settings'

const root = path.resolve(import.meta.dirname, '../..')
const dist = path.resolve(root, process.env.DIST_DIR || 'dist')
const contentDir = path.resolve(root, process.env.CONTENT_DIR || 'content')

const record = buildInfoPath(dist)
writeBuildInfo(record, { settings: readBuildSettings(), contentDir, builtAt: Date.now() })
console.log(`record: ${path.relative(root, record)}`)
