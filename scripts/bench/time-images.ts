/**
 * `npm run time:images`: how long the build's image step takes for COUNT (default 20) uploaded phone
 * photos of 4000×3000 (12 MP, scripts/fixtures/sample-photos.ts): once cold (a fresh, empty image cache) and
 * once warm (the same photos again), through the same function `npm run check:content` runs
 * (scripts/build/content/images.ts). The photos fill the home cover and the gallery (a gallery longer than the
 * schema's 12 is fine here: the step is measured after validation). Prints the figures; writes nothing
 * outside a temp folder. Run it pinned like the build would be: `taskset -c 1 npm run time:images`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { resolveImages } from '../build/content/images'
import { loadContentOrThrow, projectRoot } from '../build/content/load'
import { writePhotoContent } from '../fixtures/photo-content'
import { samplePhoto } from '../fixtures/sample-photos'

const COUNT = Number(process.env.COUNT ?? 20)
const work = mkdtempSync(path.join(tmpdir(), 'time-images-'))
try {
  const dir = path.join(work, 'content')
  const started = performance.now()
  await writePhotoContent(dir, { from: path.join(projectRoot, 'content'), hero: true, gallery: 6 })
  const content = loadContentOrThrow(dir)
  // The gallery's six uploads, repeated with the other photos up to COUNT - 1 items.
  const items = [...content.servicios.gallery.items]
  for (let i = items.length; i < COUNT - 1; i++) {
    const name = `extra-${i + 1}.jpg`
    writeFileSync(
      path.join(dir, 'media', name),
      await samplePhoto({ width: 4000, height: 3000, seed: 100 + i }),
    )
    items.push({ ...items[0]!, image: { alt: items[0]!.image.alt, file: `/media/${name}` } })
  }
  const filled = {
    ...content,
    servicios: { ...content.servicios, gallery: { ...content.servicios.gallery, items } },
  }
  console.log(
    `time:images: ${COUNT} photos of 4000×3000 written (${((performance.now() - started) / 1000).toFixed(0)} s), ${cpus().length} CPUs visible`,
  )
  const cache = path.join(work, 'cache')
  for (const run of ['cold', 'warm']) {
    const t = performance.now()
    const result = await resolveImages(filled, dir, cache)
    if (!result.ok) throw new Error(result.problems.join('\n'))
    const seconds = (performance.now() - t) / 1000
    console.log(
      `time:images: ${run}: ${result.lines.length} photos in ${seconds.toFixed(1)} s (${(seconds / result.lines.length).toFixed(2)} s each)`,
    )
    if (run === 'cold') console.log(result.lines.slice(0, 2).join('\n'))
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
