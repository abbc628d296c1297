/**
 * One project per way of running the tests: `unit` (jsdom, React Testing Library); `chromium`, `firefox` and
 * `nginx` (puppeteer against dist/: every suite in Chromium, the visitor subset in Firefox, the site suite on
 * nginx); `webkit` (WebDriver against its own build). `npm run test:<project>` selects one; `npm test` runs
 * them all around a build.
 */
import { requireProjectNode } from './scripts/lib/require-node.js'

requireProjectNode('jest')

const globals = {
  SITE_URL: 'https://www.aquapuebla.mx',
  LEAD_ENDPOINT: '',
  IMAGE_ORIGIN: 'https://images.unsplash.com',
  // Analytics off, as in a default build (src/analytics/).
  PLAUSIBLE_DOMAIN: '',
  PLAUSIBLE_SRC: '',
  GA4_ID: '',
  // No Turnstile widget, as in a default build.
  TURNSTILE_SITE_KEY: '',
}

const transform = {
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      tsconfig: {
        module: 'commonjs',
        moduleResolution: 'node',
        jsx: 'react-jsx',
        esModuleInterop: true,
        isolatedModules: true,
        verbatimModuleSyntax: false,
      },
      diagnostics: false,
    },
  ],
  // content/*.yaml, checked and emitted by the same loader as the build's (scripts/build/content/).
  '^.+\\.yaml$': '<rootDir>/scripts/build/content/jest-transform.cjs',
}

/** `import data from 'content:servicios'` reads content/servicios.yaml (or CONTENT_DIR's). */
const moduleNameMapper = { '^content:(.*)$': '<rootDir>/content/$1.yaml' }

/** A project that drives a browser against a build: one per engine and server (test/setup/project-*.ts). */
const browserProject = (name, testMatch, extra = {}) => ({
  displayName: name,
  testEnvironment: 'node',
  testMatch,
  setupFiles: [`<rootDir>/test/setup/project-${name}.ts`],
  setupFilesAfterEnv: ['<rootDir>/test/setup/setup-browser.ts'],
  transform,
  moduleNameMapper,
  globals,
  slowTestThreshold: 30,
  ...extra,
})

/**
 * The visitor suites a second engine and a real server repeat: the site (every page raw and hydrated,
 * navigation, 404, menu) and the quote form. The rest (hosts, validators, the owner's tools, CSP, photos,
 * analytics …) proves the same thing in any engine, so it runs once, in Chromium.
 */
const visitor = (...names) => names.map((name) => `<rootDir>/test/visitor/${name}.test.ts`)

/** @type {import('jest').Config} */
export default {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: '<rootDir>/test/setup/jsdom-environment.cjs',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/setup-unit.ts'],
      transform,
      moduleNameMapper,
      globals,
    },
    // Every browser and server suite, in Chromium against our serve script (or the real servers they start).
    browserProject('chromium', ['<rootDir>/test/{visitor,hosts,validators,owner}/**/*.test.ts'], {
      testPathIgnorePatterns: ['/node_modules/', 'webkit\\.test\\.ts$'],
    }),
    // The visitor subset in Firefox ESR (WebDriver BiDi): not motion.test.ts, whose media emulation is CDP-only.
    browserProject('firefox', visitor('site', 'quote-form', 'quote-form-validity')),
    // The site suite with Debian's nginx serving the build, as on a VPS.
    browserProject('nginx', visitor('site')),
    {
      // WebKit (WebKitGTK through WebKitWebDriver + selenium-webdriver), on a build of its own.
      displayName: 'webkit',
      testEnvironment: 'node',
      // The visitor suite and the owner's phone edit (*.webkit.test.ts): what WebKit can run of them.
      testMatch: ['<rootDir>/test/**/*webkit.test.ts'],
      transform,
      moduleNameMapper,
      globals,
      slowTestThreshold: 60,
    },
  ],
}
