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

// Routes are lazy: the first render of a page waits for ts-jest to compile its module, which takes
// more than Testing Library's default 1 s on a busy 2-core machine. findBy* waits up to 5 s instead.
configure({ asyncUtilTimeout: 5000 })

// A test that renders a page and types into it with user-event, or starts a D1 in Miniflare, takes 1–2 s on an
// idle machine and has been seen past jest's default 5 s at load average 20 (2 cores shared with builds). A test
// that hangs still fails, at 20 s, and says so.
jest.setTimeout(20_000)
