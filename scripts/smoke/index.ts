/**
 * Smoke test of a deployment, for QA after every upload: `npm run smoke -- https://staging.example.mx`
 * (or SMOKE_URL). `--help` lists the flags and every check. Chromium: PUPPETEER_EXECUTABLE_PATH
 * (default /usr/bin/chromium); nothing is downloaded.
 */
import { EXIT } from './cli'
import { runSmoke } from './run'

runSmoke(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`smoke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(EXIT.cannotRun)
  },
)
