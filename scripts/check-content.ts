/**
 * `tsx scripts/check-content.ts`: the build's first step. Validates every content file before anything
 * is built or written, so a bad file leaves the last good dist/ exactly as it was. One line per
 * problem on stderr, exit code 1.
 */
import { contentDir, loadContent } from './content/load'

const dir = contentDir()
const result = loadContent(dir)
if (!result.ok) {
  process.stderr.write(`${result.problems.join('\n')}\n`)
  process.stderr.write(
    `Content check failed: ${result.problems.length} problem(s) in ${dir}. Nothing was built.\n`,
  )
  process.exit(1)
}
process.stdout.write(`Content check passed (${result.files.length} files in ${dir}).\n`)
