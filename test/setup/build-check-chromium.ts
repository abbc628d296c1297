/**
 * The chromium project's global setup under a path of its own: Jest runs each global setup module once per run,
 * with the config of the first project that names it, so with one path a run of all four projects handed it
 * nginx's or WebKit's config, which names no variant, and the chromium project's builds were never made.
 */
export { default } from './build-check'
