// Hang guard for every browser test, not a measure: about three times the slowest test seen on the shared
// 2-core machine at load average 20-25 (a quote-form test, 38 s, in Firefox). What a test means by time it
// measures in the page's own clock.
jest.setTimeout(120_000)
