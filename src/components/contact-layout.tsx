import type { ReactNode } from 'react'
import { styled } from 'styled-components'
import { media } from '../theme/media'
import { HydrationBoundary } from './ui/hydration-boundary'
import { Section } from './ui/section'

interface ContactLayoutProps {
  cards: ReactNode
  form: ReactNode
  aside: ReactNode
}

/** Contact cards on top, then the form beside its aside (stacked on phones, form first). */
export function ContactLayout({ cards, form, aside }: ContactLayoutProps) {
  return (
    <Section tone="water">
      <HydrationBoundary>{cards}</HydrationBoundary>
      <Columns id="cotizacion">
        <div>
          <HydrationBoundary>{form}</HydrationBoundary>
        </div>
        <HydrationBoundary>{aside}</HydrationBoundary>
      </Columns>
    </Section>
  )
}

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  scroll-margin-top: 6rem;

  ${media.lg} {
    grid-template-columns: minmax(0, 1.6fr) minmax(0, 1fr);
    align-items: start;
  }
`
