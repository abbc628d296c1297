// The jest project `firefox`: Firefox ESR against dist/ served by scripts/serve.ts (test/helpers/engines.ts, site.ts).
process.env.BROWSER_ENGINE = 'firefox'
process.env.TEST_HOST = 'serve'
