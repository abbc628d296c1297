import type { ReactNode } from 'react'
import { styled } from 'styled-components'
import type { Placement } from '../../analytics/events'
import { Container } from './section'

interface CtaFrameProps {
  /** Id of the band's heading, which names the band (`aria-labelledby`). */
  id: string
  title: string
  text: string
  /** The corner the band's light comes from. */
  glow: 'bottom-left' | 'top-right'
  /** The band's buttons. */
  children: ReactNode
  /** Set only in a build with analytics (src/analytics/placement.ts). */
  'data-placement'?: Placement
}

/** The deep band that closes a page with a call to action: a heading, a line of text and its buttons, centred. */
export function CtaFrame({ id, title, text, glow, children, ...marks }: CtaFrameProps) {
  return (
    <Band aria-labelledby={id} $glow={glow} {...marks}>
      <Container $narrow>
        <h2 id={id}>{title}</h2>
        <p>{text}</p>
        <Actions>{children}</Actions>
      </Container>
    </Band>
  )
}

const GLOW_AT = { 'bottom-left': '10% 100%', 'top-right': '90% 0%' } as const

const Band = styled.section<{ $glow: CtaFrameProps['glow'] }>`
  padding: ${({ theme }) => theme.space.section} 0;
  background:
    radial-gradient(
      ellipse 70% 90% at ${({ $glow }) => GLOW_AT[$glow]},
      ${({ theme }) => theme.color.glow},
      transparent 70%
    ),
    linear-gradient(
      120deg,
      ${({ theme }) => theme.color.brandStrong},
      ${({ theme }) => theme.color.brandDeep}
    );
  color: ${({ theme }) => theme.color.onDeep};
  text-align: center;

  h2 {
    color: ${({ theme }) => theme.color.onDeepStrong};
    font-size: ${({ theme }) => theme.fontSize.h2};
  }

  p {
    margin-top: ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};
`
