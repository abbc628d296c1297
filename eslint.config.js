import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jestDom from 'eslint-plugin-jest-dom'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import testingLibrary from 'eslint-plugin-testing-library'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Patterns for no-restricted-imports: any relative or absolute path into one of these top-level folders. */
const folders = (...names) => names.flatMap((name) => [`**/${name}/*`, `${name}/*`])

/**
 * React DOM's client keeps a chunk (and a task) of its own only if nothing imports it statically: browser
 * code imports src/react-dom-client.ts with import() (see that file). no-restricted-imports checks static
 * imports only; `import()` passes.
 */
const reactDomClient = {
  paths: [{ name: 'react-dom/client', message: "Use `await import('…/react-dom-client')` instead." }],
  patterns: [{ group: ['**/react-dom-client'], message: 'Import it with import(), never statically.' }],
}

/** One flat-config entry per zone: the folders its files may not import from (one rule, so none overrides another). */
function importZones() {
  const zone = (files, forbidden, { ignores, extra = { paths: [], patterns: [] }, also = [] } = {}) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: extra.paths,
          patterns: [
            ...extra.patterns,
            {
              group: folders(...forbidden),
              message: `${files[0].replace(/\/\*\*.*$|\.tsx?$/, '')} may not import from ${forbidden.join('/, ')}/.`,
            },
            ...also,
          ],
        },
      ],
    },
  })
  // The seam (contract/, decision 032): the site's side and the edge's side meet only there.
  const edgeSide = ['functions', 'edge', 'workers']
  const siteSide = ['src', 'pages', 'renderer']
  return [
    zone(['src/**/*.{ts,tsx}'], ['scripts', 'test', 'renderer', 'pages', ...edgeSide], {
      ignores: ['src/react-dom-client.ts', 'src/config/**'],
      extra: reactDomClient,
    }),
    zone(['src/react-dom-client.ts'], ['scripts', 'test', 'renderer', 'pages', ...edgeSide]),
    zone(['pages/**/*.{ts,tsx}'], ['scripts', 'test', 'renderer', ...edgeSide], { extra: reactDomClient }),
    zone(['renderer/**/*.{ts,tsx}'], ['scripts', 'test', ...edgeSide], { extra: reactDomClient }),
    // Code that runs at the edge: plain web APIs, its own modules and contract/.
    zone(
      ['functions/**/*.ts', 'edge/**/*.ts', 'workers/**/*.ts'],
      ['scripts', 'test', 'schema', ...siteSide],
    ),
    // What both sides share imports neither side, nor anything else of the project: data, rules and types only.
    zone(['contract/**/*.ts'], ['scripts', 'test', 'schema', ...siteSide, ...edgeSide]),
    // The content's schema and the page paths, shared by the build, the CMS and the site (decision 038): below
    // all three, so it imports none of them; of the project, only contract/ (the form's services).
    zone(['schema/**/*.ts'], ['scripts', 'test', ...siteSide, ...edgeSide]),
    // The site's config sits below its content modules (src/content/ imports src/config/, never back).
    zone(['src/config/**/*.ts'], ['scripts', 'test', 'renderer', 'pages', ...edgeSide], {
      extra: reactDomClient,
      also: [{ group: ['**/content/*'], message: 'src/config may not import from src/content/.' }],
    }),
    // The QA kit tests any deployment from a clone: of the site it knows only the company's config.
    zone(['scripts/smoke/**/*.ts'], ['test', 'renderer', 'pages'], {
      also: [
        {
          group: ['**/src/*', '!**/src/config', '**/src/*/**', '!**/src/config/*'],
          message: 'The smoke kit imports only the site config (src/config/) from src/.',
        },
      ],
    }),
  ]
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      '.variants/',
      'coverage/',
      'bench/',
      'node_modules/',
      'test/.artifacts/',
      '.work/',
      'smoke-report/',
      // wrangler's build output beside a Worker it ran (the schedule Worker in the tests).
      '**/.wrangler/',
      // Code that breaks the import rules on purpose: test/unit/import-rules.test.ts lints it with ignores off.
      'test/fixtures/import-rules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Plain ES modules that jest.config.js imports too (scripts/lib/require-node.js): Node's globals.
    files: ['scripts/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'pages/**/*.tsx', 'renderer/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  // The import direction (../shared/STYLE.md, "Where things live"): pages → src, renderer → pages + src,
  // scripts → the build's output and src; nothing runs back up. The site (src, pages, renderer) and the edge
  // (functions, edge, workers) share only contract/ (decision 032). Each zone lists what it may not import.
  ...importZones(),
  {
    // No import cycle anywhere (a cycle makes the order modules run in depend on who is imported first).
    // eslint-plugin-import-x: no-restricted-imports sees one file at a time, a cycle needs the graph.
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files it reads to follow imports, and how (import-x's own TypeScript preset, less its resolver).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['test/unit/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['test/unit/**/*.{ts,tsx}'],
    ...jestDom.configs['flat/recommended'],
  },
)
