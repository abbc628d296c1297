/**
 * Three projects: `unit` (jsdom, React Testing Library), `browser` (puppeteer against dist/) and `webkit`
 * (WebDriver against its own build). `npm run test:unit` / `test:browser` / `test:webkit` select one;
 * `npm test` runs them all around a build.
 */
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
  // content/*.yaml, checked and emitted by the same loader as the build's (scripts/content/).
  '^.+\\.yaml$': '<rootDir>/scripts/content/jest-transform.cjs',
}

/** `import data from 'content:servicios'` reads content/servicios.yaml (or CONTENT_DIR's). */
const moduleNameMapper = { '^content:(.*)$': '<rootDir>/content/$1.yaml' }

/** @type {import('jest').Config} */
export default {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: '<rootDir>/test/support/jsdom-environment.cjs',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-unit.ts'],
      transform,
      moduleNameMapper,
      globals,
    },
    {
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-browser.ts'],
      transform,
      moduleNameMapper,
      globals,
      slowTestThreshold: 30,
    },
    {
      // WebKit (WebKitGTK through WebKitWebDriver + selenium-webdriver): test/webkit/, `npm run test:webkit`.
      displayName: 'webkit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/webkit/**/*.test.ts'],
      transform,
      moduleNameMapper,
      globals,
      slowTestThreshold: 60,
    },
  ],
}
