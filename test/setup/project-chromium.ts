/**
 * The jest project `chromium` (jest.config.js): its test files drive Chromium against dist/ served by scripts/serve.ts.
 * Set before each file loads; test/helpers/engines.ts and test/helpers/browser.ts read them.
 */
process.env.BROWSER_ENGINE = 'chromium'
process.env.TEST_HOST = 'serve'
