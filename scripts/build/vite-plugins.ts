/**
 * The build's own Vite plugins and settings (vite.config.ts composes them): react-router's production files, the
 * React 19 path of react-helmet-async pinned, styled-components without stylis's vendor prefixer, dynamic imports
 * without Vite's preload helper, stable styled-components ids, and the base CSS in index.html's head. Each explains
 * itself below.
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { globalCss } from '../../src/theme/global-css'

/**
 * react-router 7's package exports resolve to its development build even in production builds
 * (remix-run/react-router#14102): point the browser build at the production files it also ships.
 */
export const reactRouterProduction = [
  { find: /^react-router$/, replacement: 'react-router/dist/production/index.mjs' },
  { find: /^react-router\/dom$/, replacement: 'react-router/dist/production/dom-export.mjs' },
].map(({ find, replacement }) => ({
  find,
  replacement: fileURLToPath(new URL(`../../node_modules/${replacement}`, import.meta.url)),
}))

/**
 * react-helmet-async 3 chooses its React 19 code path at run time (`isReact19 = major >= 19`), so
 * its React 16-18 machinery ships although it can never run next to our React 19. Pinning the flag
 * in the browser build lets the minifier drop that dead branch (~1 KB br); the code that runs is
 * the library's own, unchanged. The build fails loudly if the library's source changes.
 */
const HELMET_PINS: [string, string][] = [
  ['var isReact19 = major >= 19;', 'var isReact19 = true;'],
  // <Helmet helmetData={…}> (never used here) turns a plain object into a HelmetData for the React 16-18
  // dispatcher only; on React 19 the prop is unused. Without this `instanceof` the HelmetData class and
  // the server-side tag writer it pulls in (~2 KB br) leave the browser bundle; the server keeps them.
  ['if (helmetData && !(helmetData instanceof HelmetData)) {', 'if (false) {'],
  [
    'return !fastCompare(without(this.props, "helmetData"), without(nextProps, "helmetData"));',
    'return true;',
  ],
]

export const helmetReact19Only: Plugin = {
  name: 'helmet-react19-only',
  transform(code, id) {
    if (!id.includes('/react-helmet-async/lib/index.esm.js')) return null
    let pinned = code
    for (const [from, to] of HELMET_PINS) {
      if (!pinned.includes(from))
        this.error('react-helmet-async changed: revisit helmetReact19Only in scripts/build/vite-plugins.ts')
      pinned = pinned.replace(from, to)
    }
    return { code: pinned, map: null }
  },
}

/**
 * styled-components compiles CSS with stylis and adds stylis's vendor prefixer only for a
 * `<StyleSheetManager enableVendorPrefixes>`, which this site never renders (the server does not prefix either).
 * Its bundle still references the prefixer, so stylis's table of prefixes ships in the entry chunk although it
 * can never run. Dropping that one reference lets the build leave it out (1.3 KB br); the CSS written is the
 * same (decision 035). The build fails loudly if the library's source changes, or if a StyleSheetManager ever
 * reaches the bundle.
 */
const STYLED_PREFIXER = 'e.prefix&&c.push(o.prefixer),'
export const styledComponentsNoPrefixer: Plugin = {
  name: 'styled-components-no-prefixer',
  transform(code, id) {
    if (!id.includes('/styled-components/dist/styled-components.browser.esm.js')) return null
    if (!code.includes(STYLED_PREFIXER))
      this.error(
        'styled-components changed: revisit styledComponentsNoPrefixer in scripts/build/vite-plugins.ts',
      )
    return { code: code.replace(STYLED_PREFIXER, ''), map: null }
  },
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && chunk.code.includes('enableVendorPrefixes'))
        this.error(
          `${chunk.fileName} uses StyleSheetManager, whose vendor prefixes styledComponentsNoPrefixer removed`,
        )
  },
}

/**
 * Vite wraps every dynamic import in its preload helper (`__vitePreload`), which would fetch the imported
 * chunk's dependencies and CSS first and report failures as a `vite:preloadError` event. With
 * `modulePreload: false` the helper still ships and is called with nothing to preload
 * (vitejs/vite#18551): 0.3 KB br of the entry. Here the prerender preloads what a page needs itself and
 * no chunk has CSS (styled-components), so the helper only has to call the import. Should a CSS file
 * ever appear in the bundle, the build fails: this helper would not load it.
 */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js'
export const plainDynamicImports: Plugin = {
  name: 'plain-dynamic-imports',
  enforce: 'pre',
  load(id) {
    if (id !== PRELOAD_HELPER_ID) return null
    return { code: 'export const __vitePreload = (load) => load()', moduleSideEffects: false }
  },
  generateBundle(_options, bundle) {
    const css = Object.keys(bundle).filter((file) => file.endsWith('.css'))
    if (css.length)
      this.error(`${css.join(', ')}: CSS chunks need Vite's preload helper; revisit plainDynamicImports`)
  },
}

/**
 * babel-plugin-styled-components, for stable component ids above all. Without it styled-components
 * numbers its components in the order their modules run, and that order differs between the server
 * bundle (every page) and the browser (one page chunk): inner pages hydrated with other class names
 * than their prerendered HTML, and the browser compiled and inserted their CSS a second time. With
 * `ssr` each id comes from the file and the component's place in it, the same in both builds. The
 * plugin also minifies the CSS inside the templates (fewer bytes of JavaScript) and marks the
 * definitions pure. Display names only in the dev server, where they help reading the DOM.
 */
export const styledComponentsBabel = (dev: boolean): [string, object] => [
  'babel-plugin-styled-components',
  { ssr: true, displayName: dev, fileName: false, minify: true, transpileTemplateLiterals: true, pure: true },
]

/**
 * The site-wide base CSS (src/theme/global-css.ts) goes into index.html's head, ahead of the component
 * CSS the prerender adds at `<!--app-head-->`: in the dev server and in the build.
 */
export const globalCssInHead: Plugin = {
  name: 'global-css-in-head',
  transformIndexHtml(html) {
    if (!html.includes('<!--app-head-->')) throw new Error('index.html lost its <!--app-head--> placeholder')
    return html.replace('<!--app-head-->', `<style data-global>${globalCss}</style><!--app-head-->`)
  },
}
