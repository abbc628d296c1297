/**
 * `tsx scripts/build/check-content.ts`: the build's first step. Validates every content file and every
 * uploaded photo it names (processing new photos into the image cache, scripts/build/content/images.ts)
 * before anything is built or written, so a bad file leaves the last good dist/ exactly as it was.
 * One line per image; one line per problem on stderr, exit code 1.
 */
import { fileURLToPath } from 'node:url'
import { contentDir, loadContent } from './content/load'
import { resolveImages } from './content/images'

export interface ContentCheck {
  /** One line per problem, naming the file and the field: none when the content may be built. */
  problems: string[]
  /** One line per uploaded photo. */
  lines: string[]
  files: number
}

/** The check of the content folder `dir`, as the build runs it. */
export async function checkContent(dir: string): Promise<ContentCheck> {
  const result = loadContent(dir)
  if (!result.ok) return { problems: result.problems, lines: [], files: 0 }
  const images = await resolveImages(result.content, dir)
  return { problems: images.ok ? [] : images.problems, lines: images.lines, files: result.files.length }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = contentDir()
  const started = performance.now()
  const { problems, lines, files } = await checkContent(dir)
  for (const line of lines) process.stdout.write(`${line}\n`)
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n`)
    process.stderr.write(
      `Content check failed: ${problems.length} problem(s) in ${dir}. Nothing was built.\n`,
    )
    process.exit(1)
  }
  const count = lines.length
  process.stdout.write(
    `Content check passed (${files} files in ${dir}${count ? `, ${count} uploaded photo${count === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(1)} s` : ''}).\n`,
  )
}
