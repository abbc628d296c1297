import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom'
import { styled } from 'styled-components'
import { placement } from '../analytics/placement'
import { paths } from '../../schema/paths'
import { site } from '../config/site'
import { errorScreen } from '../content/shared'
import { PageHead } from '../components/seo/page-head'
import { Container } from '../components/ui/section'
import { SiteChrome } from './site-layout'

interface ErrorDetails {
  message: string
  stack?: string
}

/** What a thrown value says about itself: status text for responses, message and stack for errors. */
export function describeError(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    return { message: `${error.status} ${error.statusText}`.trim() }
  }
  if (error instanceof Error) {
    return { message: error.message, stack: error.stack || undefined }
  }
  return { message: typeof error === 'string' ? error : JSON.stringify(error) }
}

/** The spec's generic error screen: heading, message or status text, and the stack when present. */
export function ErrorScreen() {
  const { message, stack } = describeError(useRouteError())
  return (
    <Panel>
      <PageHead head={errorScreen.head} noindex />
      <h1>{errorScreen.heading}</h1>
      <Message>{message}</Message>
      {stack ? <Stack>{stack}</Stack> : null}
      <Help {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('error_page') : {})}>
        {errorScreen.help} <a href={site.phone.href}>{site.phone.display}</a>.
      </Help>
      <HomeLink to={paths.inicio}>{errorScreen.homeLink}</HomeLink>
    </Panel>
  )
}

/** Error boundary of the layout route: the error screen inside the header and footer. */
export function LayoutErrorBoundary() {
  return (
    <SiteChrome>
      <ErrorScreen />
    </SiteChrome>
  )
}

/**
 * Last resort, for errors in the layout itself: no theme-dependent chrome, plain inline styles.
 */
export function RootErrorBoundary() {
  const { message, stack } = describeError(useRouteError())
  return (
    <main style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif', color: '#13222c' }}>
      <h1>{errorScreen.heading}</h1>
      <h2 style={{ fontStyle: 'italic', fontWeight: 400 }}>{message}</h2>
      {stack ? (
        <pre style={{ padding: '0.5rem', background: '#eef2f4', overflow: 'auto' }}>{stack}</pre>
      ) : null}
      <p>
        <a href={paths.inicio}>{errorScreen.homeLink}</a>
      </p>
    </main>
  )
}

const Panel = styled(Container).attrs({ $narrow: true })`
  padding-top: ${({ theme }) => theme.space.section};
  padding-bottom: ${({ theme }) => theme.space.section};

  h1 {
    font-size: ${({ theme }) => theme.fontSize.h2};
  }
`

const Message = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-style: italic;
  color: ${({ theme }) => theme.color.brandStrong};
`

const Stack = styled.pre`
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  max-height: 20rem;
  overflow: auto;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.water};
  font-size: ${({ theme }) => theme.fontSize.xs};
  white-space: pre-wrap;
`

const Help = styled.p`
  margin-top: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.color.muted};
`

const HomeLink = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space.md};
  font-weight: 700;
`
