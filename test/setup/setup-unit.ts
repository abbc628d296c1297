import '@testing-library/jest-dom'
import { configure } from '@testing-library/react'
// jsdom has no matchMedia or IntersectionObserver; the entrance animation reads both.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// Hang guards, not measures: what a test waits for is a condition (findBy*, a router that has loaded its page, a
// D1 that answers), and how long that takes depends on the machine. Under load (two jest workers beside builds and
// browsers, load average 15 on 2 cores) a first compile of a lazily imported module by ts-jest took over 5 s and a
// Miniflare D1 over 20 s to start; at those limits (Testing Library's 5 s, our 20 s) unit files failed in a
// clean-clone run that passed alone. A test that really hangs still fails, and says what it waited for.
configure({ asyncUtilTimeout: 30_000 })
jest.setTimeout(120_000)
