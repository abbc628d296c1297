/**
 * Whether any analytics provider is configured (build-time constants, vite.config.ts `define`).
 * Every analytics code path starts from this constant, so in a default build (nothing set) the
 * minifier folds it to `false` and drops the code: no script, no request, no cookie, no notice.
 */
export const ANALYTICS_ON: boolean = PLAUSIBLE_DOMAIN !== '' || GA4_ID !== ''
