/**
 * One project per way of running the tests: `unit` (jsdom, React Testing Library); `chromium`, `firefox`,
 * `webkit` and `nginx` (a browser against dist/: every suite in Chromium, the suites where engines differ in
 * Firefox and WebKit too, the site suite on nginx). `npm run test:<project>` selects one; `npm test` runs them
 * all around a build. Before its tests each browser project checks that dist/ is the build they are written for,
 * and makes the build variants it needs when they are not current (test/setup/build-check.ts, decision 036).
 */
import { availableParallelism } from 'node:os'
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
  // The ESM-only packages the edge code imports (ESM_PACKAGES), compiled to CommonJS like our own files.
  '^.+/node_modules/.+\\.js$': [
    'ts-jest',
    { tsconfig: { allowJs: true, module: 'commonjs', esModuleInterop: true }, diagnostics: false },
  ],
}

/** Packages published as ES modules only that code under test imports (Jest runs CommonJS). */
const ESM_PACKAGES = ['@block65/webcrypto-web-push', 'uint8array-extras']
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`]

/** `import data from 'content:servicios'` reads content/servicios.yaml (or CONTENT_DIR's). */
const moduleNameMapper = { '^content:(.*)$': '<rootDir>/content/$1.yaml' }

/** A project that drives a browser against a build: one per engine and server (test/setup/project-*.ts). */
const browserProject = (name, testMatch, extra = {}) => ({
  displayName: name,
  testEnvironment: 'node',
  testMatch,
  setupFiles: [`<rootDir>/test/setup/project-${name}.ts`],
  globalSetup: '<rootDir>/test/setup/build-check.ts',
  setupFilesAfterEnv: ['<rootDir>/test/setup/setup-browser.ts'],
  transform,
  transformIgnorePatterns,
  moduleNameMapper,
  globals,
  slowTestThreshold: 30,
  ...extra,
})

/**
 * The suites every engine runs, written once against test/helpers/driver.ts: where engines differ (rendering,
 * hydration, form validation and its scrolling, the owner's phone edit in the CMS). The owner's lead inbox runs
 * in Chromium and WebKit (ownersInbox). The rest (hosts, validators, CSP, photos, analytics …) proves the same
 * thing in any engine, so it runs once, in Chromium; inside these files, what the page's script or the build
 * decides runs in Chromium alone, and what only one driver offers says so (`onlyIn`, each file's header).
 */
const everyEngine = [
  '<rootDir>/test/visitor/site.test.ts',
  '<rootDir>/test/visitor/quote-form.test.ts',
  '<rootDir>/test/visitor/quote-form-validity.test.ts',
  '<rootDir>/test/visitor/quote-form-before-scripts.test.ts',
  '<rootDir>/test/owner/cms-phone.test.ts',
]

/** The owner's lead inbox, in Chromium and WebKit (issues 31 and 33): the flows, the spam, «Por atender». */
const ownersInbox = ['<rootDir>/test/owner/inbox.test.ts', '<rootDir>/test/owner/inbox-promise.test.ts']

/** @type {import('jest').Config} */
export default {
  // Jest's default is one worker less than the cores: on a 2-core machine (CI's) a single worker, so the unit
  // project ran one file at a time while the main process idled. Two workers there: 121 → 76 s for the unit
  // project (farm-bench, 3 interleaved pairs, 2026-11-26). Elsewhere the default. `npm run test:browsers` sets
  // its own (--maxWorkers=2), the one-project scripts run in band.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      displayName: 'unit',
      testEnvironment: '<rootDir>/test/setup/jsdom-environment.cjs',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/setup-unit.ts'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
      globals,
    },
    // Every browser and server suite, in Chromium (CDP) against our serve script (or the real servers they start),
    // on dist/ and the two build variants its suites need (decision 036), made by the global setup.
    // Its own global setup path: Jest runs one module once, with the first project's config (the file says why).
    browserProject('chromium', ['<rootDir>/test/{visitor,hosts,validators,owner}/**/*.test.ts'], {
      globalSetup: '<rootDir>/test/setup/build-check-chromium.ts',
      testEnvironmentOptions: { builds: ['endpoint', 'edited'] },
    }),
    // Firefox ESR (WebDriver BiDi, puppeteer).
    browserProject('firefox', everyEngine),
    // WebKit, Safari's engine: WebKitGTK through WebKitWebDriver (classic WebDriver, selenium-webdriver); and the
    // owner's inbox on the phone (its flows, spam, and issue 31's «Por atender», the first contact, the figures),
    // Safari being the engine of every iPhone the owner may use.
    browserProject('webkit', [...everyEngine, ...ownersInbox], {
      slowTestThreshold: 60,
    }),
    // The site suite with Debian's nginx serving the build, as on a VPS: only what a browser proves there (each
    // page hydrated under nginx's headers and policy, a reload, the 404 screen); site.test.ts says why.
    browserProject('nginx', ['<rootDir>/test/visitor/site.test.ts']),
  ],
}
