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
// D1 that answers), and how long that takes depends on the machine. Under load (load average 15 on 2 cores) a
// ts-jest compile of a lazy import took over 5 s and a Miniflare D1 over 20 s to start, past Testing Library's 5 s
// and our former 20 s. A test that really hangs still fails, and says what it waited for.
configure({ asyncUtilTimeout: 30_000 })
jest.setTimeout(120_000)
