/**
 * The pages a build wrote, found by looking (any `*.html` under the build, whatever the layout:
 * `dist/<slug>.html` or `dist/<slug>/index.html`), each with the path a visitor asks for. The CMS's
 * page (dist/admin/, never indexed, not the site) is not one of them.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { distDir } from './builds'

const NOT_FOUND_ROUTE = '/pagina-que-no-existe'

/**
 * Each page's absolute `file`, and its `route`: the path a visitor asks for (`/`, `/nosotros` …); the
 * not-found page (`notFound`) answers an unknown path.
 */
export function builtPages(root: string = distDir) {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name.endsWith('.html') && !`/${name}`.startsWith(ADMIN_PREFIX))
    .sort()
  if (files.length === 0) throw new Error(`no *.html under ${root}: run npm run build first`)
  return files.map((name) => {
    const slug = name.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')
    const notFound = slug === '404'
    return { file: path.join(root, name), route: notFound ? NOT_FOUND_ROUTE : `/${slug}`, notFound }
  })
}
