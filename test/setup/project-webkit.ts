// The jest project `webkit`: WebKitGTK (test/helpers/webkit.ts) against dist/ served by scripts/serve.ts.
process.env.BROWSER_ENGINE = 'webkit'
process.env.TEST_HOST = 'serve'
