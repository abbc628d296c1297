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
export function preloadLinks(
  manifest: Record<string, ManifestChunk>,
  moduleId: string | undefined,
): string[] {
  if (!moduleId) return []
  // A page that lost its own chunk (merged into a shared one) would hydrate late: fail the build.
  if (!manifest[moduleId]) throw new Error(`${moduleId} has no chunk of its own in the Vite manifest`)
  const files = new Set<string>()
  const visit = (id: string) => {
    const chunk = manifest[id]
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return
    files.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  visit(moduleId)
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
}

/**
 * The page is complete as HTML and inline CSS, so nothing else belongs on the path to the first
 * paint: the entry module (moved out of Vite's <head>) and the page's `preloads` go into an inert
 * <template> at the end of <body>, and a one-line loader adds them to <head> after the first frame
 * has been painted. Links work as plain links until hydration; the scripts still download in parallel.
 */
export function deferScripts(html: string, preloads: readonly string[]): string {
  const tags = [...preloads]
  const rest = html.replace(/<script type="module"[^>]*><\/script>/g, (tag) => {
    tags.push(tag)
    return ''
  })
  if (tags.length === 0) return html
  const loader =
    "(function(){var t=document.getElementById('app-scripts');function go(){document.head.append(document.importNode(t.content,true))}" +
    'requestAnimationFrame(function(){setTimeout(go,0)})})()'
  return rest.replace(
    '</body>',
    `<template id="app-scripts">${tags.join('')}</template><script>${loader}</script></body>`,
  )
}
