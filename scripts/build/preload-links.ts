/** Vite manifest entry (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

/**
 * Modules the entry imports dynamically on every page during start-up (renderer/entry-client.tsx):
 * preloaded on every page, 404 included, so that import waits for no round trip.
 */
export const STARTUP_MODULES = ['src/react-dom-client.ts'] as const

/**
 * `<link rel="modulepreload">` for a page module's chunk and the chunks it imports, then the start-up
 * modules', minus the entry (already loaded by its own script tag), so all of it arrives in parallel with
 * the entry.
 */
export function preloadLinks(
  manifest: Record<string, ManifestChunk>,
  moduleId: string | undefined,
): string[] {
  // A page that lost its own chunk (merged into a shared one) would hydrate late: fail the build.
  for (const id of [...(moduleId ? [moduleId] : []), ...STARTUP_MODULES])
    if (!manifest[id]) throw new Error(`${id} has no chunk of its own in the Vite manifest`)
  const files = new Set<string>()
  const visit = (id: string) => {
    const chunk = manifest[id]
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return
    files.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  if (moduleId) visit(moduleId)
  STARTUP_MODULES.forEach(visit)
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
}

/**
 * The inline loader, run at the end of <body>. It adds the deferred tags (the template's content) to
 * <head> once the first contentful paint has been reported and, when the page has a high-priority
 * photo (the hero, its largest paint) still downloading, once that photo has arrived or failed (3 s
 * at most): on a slow connection the photo then has the bandwidth to itself, and the scripts follow.
 * Browsers without paint timing wait for the first frame instead. And paint timing is not a promise:
 * Firefox ESR reports no first-contentful-paint entry for a reloaded page, which would never hydrate. So one
 * second after the load event the next frame stands in for it (a no-op when the scripts are in already;
 * not at once, as Chromium can report its first paint after a frame that follows the load event).
 * Spelled out:
 *
 *   const template = document.getElementById('app-scripts'); let added = false
 *   const add = () => { if (!added) { added = true; document.head.append(document.importNode(template.content, true)) } }
 *   const afterPaint = () => {
 *     const photo = document.querySelector('img[fetchpriority=high]')
 *     if (photo && !photo.complete) {
 *       photo.addEventListener('load', add); photo.addEventListener('error', add); setTimeout(add, 3000)
 *     } else setTimeout(add, 0)
 *   }
 *   if (PerformanceObserver.supportedEntryTypes.includes('paint'))
 *     new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); afterPaint() } })
 *       .observe({ type: 'paint', buffered: true })
 *   else requestAnimationFrame(() => setTimeout(afterPaint, 0))
 *   addEventListener('load', () => setTimeout(() => requestAnimationFrame(() => setTimeout(afterPaint, 0)), 1000))
 */
export const SCRIPT_LOADER =
  "(function(){var t=document.getElementById('app-scripts'),d=0;" +
  'function go(){if(!d){d=1;document.head.append(document.importNode(t.content,!0))}}' +
  "function painted(){var i=document.querySelector('img[fetchpriority=high]');" +
  "if(i&&!i.complete){i.addEventListener('load',go);i.addEventListener('error',go);setTimeout(go,3e3)}else setTimeout(go,0)}" +
  "var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)" +
  "new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();painted()}}).observe({type:'paint',buffered:!0});" +
  'else requestAnimationFrame(function(){setTimeout(painted,0)});' +
  "addEventListener('load',function(){setTimeout(function(){requestAnimationFrame(function(){setTimeout(painted,0)})},1e3)})})()"

/**
 * The page is complete as HTML and inline CSS, so nothing else belongs on the path to the first
 * paint: the entry module (moved out of Vite's <head>) and the page's `preloads` go into an inert
 * <template> at the end of <body>, which SCRIPT_LOADER adds to <head> after the first contentful
 * paint (and the hero photo). Links work as plain links until hydration.
 */
export function deferScripts(html: string, preloads: readonly string[]): string {
  const moduleScript = /<script type="module"[^>]*><\/script>/g
  const tags = [...preloads, ...(html.match(moduleScript) ?? [])]
  const rest = html.replace(moduleScript, '')
  if (tags.length === 0) return html
  return rest.replace(
    '</body>',
    `<template id="app-scripts">${tags.join('')}</template><script>${SCRIPT_LOADER}</script></body>`,
  )
}
