/**
 * The jest project `firefox` (jest.config.js): its test files drive Firefox ESR against dist/ served by scripts/serve.ts.
 * Set before each file loads; test/helpers/engines.ts and test/helpers/browser.ts read them.
 */
process.env.BROWSER_ENGINE = 'firefox'
process.env.TEST_HOST = 'serve'
