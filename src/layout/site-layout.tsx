import { useEffect, useRef, type ReactNode } from 'react'
import { Outlet, useLocation, useNavigationType } from 'react-router-dom'
import { styled } from 'styled-components'
import { usePageViews } from '../analytics/page-views'
import { WhatsAppButton } from '../components/whatsapp-button'
import { header } from '../content/shared'
import { HydrationBoundary } from '../components/ui/hydration-boundary'
import { DeferredToaster } from '../toast/deferred-toaster'
import { Footer } from './footer'
import { Header } from './header'

export const MAIN_ID = 'contenido'

/** The route element of the layout route: header, the page, footer. */
export function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  )
}

/**
 * Header, main and footer around any content. Used by the layout route and by its error boundary,
 * so a visitor who lands on a broken link still has the navigation.
 */
export function SiteChrome({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  const firstRender = useRef(true)
  usePageViews()

  // After a client-side navigation: a new page starts at the top (back/forward keeps the browser's
  // own scroll restoration), and focus moves to it so screen readers announce the change.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0)
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname, navigationType])

  return (
    <>
      <SkipLink href={`#${MAIN_ID}`}>{header.skipLink}</SkipLink>
      <HydrationBoundary>
        <Header />
      </HydrationBoundary>
      <Main id={MAIN_ID} ref={mainRef} tabIndex={-1}>
        {children}
      </Main>
      <HydrationBoundary>
        <Footer />
      </HydrationBoundary>
      <WhatsAppButton />
      <DeferredToaster />
    </>
  )
}

const SkipLink = styled.a`
  position: absolute;
  top: 0.5rem;
  left: 0.5rem;
  z-index: 100;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.deep};
  color: #fff;
  font-weight: 700;
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }
`

const Main = styled.main`
  display: block;
  min-height: 60vh;

  &:focus {
    outline: none;
  }
`
