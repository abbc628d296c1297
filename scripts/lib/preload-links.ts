/** Vite manifest entry (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

/**
 * `<link rel="modulepreload">` for a page module's chunk and the chunks it imports, minus the entry
 * (already loaded by its own script tag), so the page code arrives in parallel with the entry.
 */
export function preloadLinks(manifest: Record<string, ManifestChunk>, moduleId: string | undefined): string {
  if (!moduleId || !manifest[moduleId]) return ''
  const files = new Set<string>()
  const visit = (id: string) => {
    const chunk = manifest[id]
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return
    files.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  visit(moduleId)
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')
}
