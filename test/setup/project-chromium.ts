// The jest project `chromium`: Chromium against dist/ served by scripts/serve.ts (test/helpers/engines.ts, site.ts).
process.env.BROWSER_ENGINE = 'chromium'
process.env.TEST_HOST = 'serve'
