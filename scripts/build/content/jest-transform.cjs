/**
 * Jest's view of `import data from 'content:<name>'` (mapped to content/<name>.yaml in jest.config.js):
 * the same loader and emitter as the Vite plugin, run in a child process because they are TypeScript
 * and jest transforms synchronously. The cache key covers every input, so a changed file, schema or
 * CONTENT_DIR gives a fresh module (the processed photos come from the image cache, scripts/build/content/images.ts).
 */
const { execFileSync } = require('node:child_process')
const { createHash } = require('node:crypto')
const { readdirSync, readFileSync, existsSync } = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '../../..')
const contentDir = () => path.resolve(root, process.env.CONTENT_DIR || 'content')
const inputs = () => [
  ...['schema/content.ts', 'schema/paths.ts', 'src/content/format.ts'].map((file) => path.join(root, file)),
  ...readdirSync(__dirname).map((file) => path.join(__dirname, file)),
  // The YAML files and the uploaded photos (content/media/).
  ...(existsSync(contentDir())
    ? readdirSync(contentDir(), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : []),
]

module.exports = {
  getCacheKey(source, filename) {
    const hash = createHash('sha256').update(filename).update(contentDir())
    for (const file of inputs()) hash.update(file).update(existsSync(file) ? readFileSync(file) : '')
    return hash.digest('hex')
  },
  process(source, filename) {
    const name = path.basename(filename, '.yaml')
    const args = ['--import', 'tsx', path.join(__dirname, 'emit-cli.ts'), name, 'cjs']
    try {
      const options = { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }
      return { code: execFileSync(process.execPath, args, options) }
    } catch (error) {
      throw new Error(`content/${name}.yaml:\n${error.stderr || error.message}`)
    }
  },
}
