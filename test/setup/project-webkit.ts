/**
 * The jest project `webkit` (jest.config.js): its test files drive WebKitGTK through WebKitWebDriver against dist/
 * served by scripts/serve.ts (through test/helpers/webkit.ts's front server). Set before each file loads;
 * test/helpers/engines.ts and test/helpers/driver.ts read them.
 */
process.env.BROWSER_ENGINE = 'webkit'
process.env.TEST_HOST = 'serve'
