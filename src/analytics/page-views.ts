import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { ANALYTICS_ON } from './enabled'
import { canonicalPath } from './events'
import { listenForConversions, newPageForQuotes } from './dom-events'
import { track } from './track'

/**
 * The history entry counted last. Module state, not a ref: React StrictMode runs effects twice and
 * the layout's error boundary remounts the chrome, and neither is a new page. Every navigation (push,
 * replace, back, forward) gets a new entry key, so each visited page is counted once.
 */
let countedKey: string | undefined

/**
 * Page views from the router, mounted once by the layout (src/layout/site-layout.tsx): the first page
 * after hydration, then every client-side navigation, with its canonical path and title. The title
 * is read one task after the commit: react-helmet-async (React 19) renders the new page's <title>
 * in the same commit, and the task leaves room for anything that finishes it later.
 */
function useRouterPageViews(): void {
  const { key, pathname } = useLocation()
  useEffect(() => {
    if (key === countedKey) return
    if (countedKey === undefined) listenForConversions()
    countedKey = key
    newPageForQuotes()
    const path = canonicalPath(pathname)
    setTimeout(() => track({ name: 'pageview', path, title: document.title }), 0)
  }, [key, pathname])
}

/** In a build without analytics the hook is an empty function the minifier removes with its call. */
export const usePageViews: () => void = ANALYTICS_ON ? useRouterPageViews : () => {}
