/**
 * `tsx scripts/build/check-content.ts`: the build's first step. Validates every content file and every
 * uploaded photo it names (processing new photos into the image cache, scripts/build/content/images.ts)
 * before anything is built or written, so a bad file leaves the last good dist/ exactly as it was.
 * One line per image; one line per problem on stderr, exit code 1.
 */
import { contentDir, loadContent } from './content/load'
import { resolveImages } from './content/images'

const dir = contentDir()
const fail = (problems: string[]) => {
  process.stderr.write(`${problems.join('\n')}\n`)
  process.stderr.write(`Content check failed: ${problems.length} problem(s) in ${dir}. Nothing was built.\n`)
  process.exit(1)
}
const result = loadContent(dir)
if (!result.ok) fail(result.problems)
else {
  const started = performance.now()
  const images = await resolveImages(result.content, dir)
  for (const line of images.lines) process.stdout.write(`${line}\n`)
  if (!images.ok) fail(images.problems)
  const count = images.lines.length
  process.stdout.write(
    `Content check passed (${result.files.length} files in ${dir}${count ? `, ${count} uploaded photo${count === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(1)} s` : ''}).\n`,
  )
}
