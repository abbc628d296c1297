import { useEffect, useRef } from 'react'
import { styled, ThemeProvider } from 'styled-components'
import { consentNotice } from '../content/analytics'
import { theme } from '../theme/theme'
import { media } from '../theme/media'
import type { Consent } from './consent'

/**
 * The Google Analytics consent notice: a small card fixed to the bottom of the screen, in its own
 * React root, created only in the browser by the analytics runtime (never in the prerendered HTML,
 * never during hydration), and only when GA4_ID is set and the visitor has not answered yet.
 * It is a labelled region first in the page's reading and tab order (as GOV.UK's cookie banner),
 * it takes no focus by itself, and it leaves the bottom-right corner to the floating WhatsApp
 * button. Being fixed, it shifts no layout.
 */
export async function showConsentNotice(answer: (consent: Consent) => void): Promise<void> {
  // Loaded for hydration already; imported dynamically as src/react-dom-client.ts asks.
  const { createRoot } = await import('../react-dom-client')
  const host = document.createElement('div')
  document.body.prepend(host)
  const root = createRoot(host)
  const close = (consent: Consent) => {
    const hadFocus = host.contains(document.activeElement)
    answer(consent)
    root.unmount()
    host.remove()
    // A keyboard user who answered continues at the page, not at the top of the document.
    if (hadFocus) document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true })
  }
  root.render(
    <ThemeProvider theme={theme}>
      <ConsentNotice onAnswer={close} />
    </ThemeProvider>,
  )
}

export function ConsentNotice({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  const region = useRef<HTMLElement>(null)
  // Appear after the first frame, so the entrance can transition (skipped with reduced motion).
  useEffect(() => {
    const frame = requestAnimationFrame(() => region.current?.setAttribute('data-shown', ''))
    return () => cancelAnimationFrame(frame)
  }, [])
  return (
    <Notice ref={region} aria-label={consentNotice.label}>
      <Title>{consentNotice.title}</Title>
      <Text>
        {consentNotice.text} <a href={consentNotice.privacy.href}>{consentNotice.privacy.label}</a>.
      </Text>
      <Actions>
        <Choice type="button" $primary onClick={() => onAnswer('granted')}>
          {consentNotice.accept}
        </Choice>
        <Choice type="button" onClick={() => onAnswer('denied')}>
          {consentNotice.reject}
        </Choice>
      </Actions>
    </Notice>
  )
}

/* Leaves room on the right for the floating WhatsApp button (3.5rem wide, 1rem from the edge). */
const Notice = styled.section`
  position: fixed;
  z-index: 45;
  left: max(0.75rem, env(safe-area-inset-left));
  right: calc(max(1rem, env(safe-area-inset-right)) + 4.25rem);
  bottom: max(0.75rem, env(safe-area-inset-bottom));
  max-width: 26rem;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: 0 18px 40px -16px rgba(11, 42, 60, 0.45);
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.5;
  opacity: 0;
  transform: translateY(0.75rem);
  transition:
    opacity ${({ theme }) => theme.motion.base},
    transform ${({ theme }) => theme.motion.base} ${({ theme }) => theme.motion.ease};

  &[data-shown] {
    opacity: 1;
    transform: none;
  }

  ${media.reducedMotion} {
    transition: none;
  }

  ${media.md} {
    left: 1.5rem;
    bottom: 1.5rem;
    padding: ${({ theme }) => theme.space.lg};
  }

  a {
    color: ${({ theme }) => theme.color.brandStrong};
    font-weight: 600;
  }
`

const Title = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.font.heading};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.deep};
`

const Text = styled.p`
  color: ${({ theme }) => theme.color.muted};
`

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`

/* Both answers equally easy to find and press: same size, side by side. */
const Choice = styled.button<{ $primary?: boolean }>`
  flex: 1;
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 2px solid ${({ theme }) => theme.color.brand};
  background: ${({ theme, $primary }) => ($primary ? theme.color.brand : theme.color.surface)};
  color: ${({ theme, $primary }) => ($primary ? '#fff' : theme.color.brandStrong)};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;

  &:hover {
    background: ${({ theme, $primary }) => ($primary ? theme.color.brandStrong : theme.color.water)};
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.accent};
    outline-offset: 2px;
  }
`
