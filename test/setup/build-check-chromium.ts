/**
 * The chromium project's global setup: test/setup/build-check.ts under a path of its own. Jest runs each global
 * setup module once per run, with the config of the first project whose tests name it (@jest/core
 * runGlobalHook); with one path for every browser project, a run of all four handed it nginx's or WebKit's
 * config, which names no variant, and the chromium project's builds were never made (a clean-clone CI run:
 * "the endpoint build is not current … no build yet"). Its own path, its own config.
 */
export { default } from './build-check'
