import type { HTMLAttributes, ReactNode } from 'react'
import { styled } from 'styled-components'
import { Container } from './section'

/** Where the band's glow sits: low left on the pages' calls to action, high right on the location page. */
const GLOW_AT = { lowLeft: '10% 100%', highRight: '90% 0%' } as const

interface ClosingBandProps extends HTMLAttributes<HTMLElement> {
  /** The heading's id, which names the band (`aria-labelledby`). */
  id: string
  title: string
  text: string
  glow: keyof typeof GLOW_AT
  /** Its buttons. */
  children: ReactNode
}

/** The deep-blue band that closes a page: a heading, a line of text and its buttons, centred. */
export function ClosingBand({ id, title, text, glow, children, ...rest }: ClosingBandProps) {
  return (
    <Band aria-labelledby={id} $glowAt={GLOW_AT[glow]} {...rest}>
      <Container $narrow>
        <h2 id={id}>{title}</h2>
        <p>{text}</p>
        <Actions>{children}</Actions>
      </Container>
    </Band>
  )
}

const Band = styled.section<{ $glowAt: string }>`
  padding: ${({ theme }) => theme.space.section} 0;
  background:
    radial-gradient(
      ellipse 70% 90% at ${({ $glowAt }) => $glowAt},
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
    color: ${({ theme }) => theme.color.onDeepHeading};
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
