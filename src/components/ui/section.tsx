import type { ReactNode } from 'react'
import { styled } from 'styled-components'
import { media } from '../../theme/media'
import { HydrationBoundary } from './hydration-boundary'

type Tone = 'plain' | 'water' | 'sand' | 'deep'

interface SectionProps {
  /** Id of the heading that names this section (`aria-labelledby`). */
  labelledBy?: string
  tone?: Tone
  narrow?: boolean
  children: ReactNode
}

/**
 * A full-width band with a centred container: a `<section>` named by its heading, or a plain `<div>` when the
 * band has no heading of its own (it only lays out parts that have theirs; a section without one is what the
 * W3C checker warns about).
 */
export function Section({ labelledBy, tone = 'plain', narrow, children }: SectionProps) {
  return (
    <Band as={labelledBy ? 'section' : 'div'} aria-labelledby={labelledBy} $tone={tone}>
      <HydrationBoundary>
        <Container $narrow={narrow}>{children}</Container>
      </HydrationBoundary>
    </Band>
  )
}

interface SectionHeadingProps {
  id: string
  eyebrow?: string
  title: string
  lead?: string
  align?: 'center' | 'start'
  onDeep?: boolean
}

export function SectionHeading({ id, eyebrow, title, lead, align = 'center', onDeep }: SectionHeadingProps) {
  return (
    <Heading $align={align} $onDeep={onDeep}>
      {eyebrow ? <Eyebrow $onDeep={onDeep}>{eyebrow}</Eyebrow> : null}
      <h2 id={id}>{title}</h2>
      {lead ? <Lead $onDeep={onDeep}>{lead}</Lead> : null}
    </Heading>
  )
}

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ theme, $narrow }) => ($narrow ? theme.layout.narrow : theme.layout.maxWidth)};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.gutter};
`

const Band = styled.section<{ $tone: Tone }>`
  padding: ${({ theme }) => theme.space.section} 0;
  background: ${({ theme, $tone }) =>
    $tone === 'water'
      ? theme.color.water
      : $tone === 'sand'
        ? theme.color.sand
        : $tone === 'deep'
          ? theme.color.deep
          : theme.color.surface};
  color: ${({ theme, $tone }) => ($tone === 'deep' ? theme.color.onDeep : 'inherit')};
`

const Heading = styled.div<{ $align: 'center' | 'start'; $onDeep?: boolean }>`
  max-width: 44rem;
  margin: ${({ $align }) => ($align === 'center' ? '0 auto' : '0')} 0;
  margin-bottom: ${({ theme }) => theme.space.xxl};
  text-align: ${({ $align }) => $align};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.h2};
    color: ${({ theme, $onDeep }) => ($onDeep ? '#fff' : theme.color.deep)};
  }

  ${media.md} {
    margin-bottom: 3.5rem;
  }
`

export const Eyebrow = styled.p<{ $onDeep?: boolean }>`
  margin-bottom: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: ${({ theme, $onDeep }) => ($onDeep ? theme.color.accent : theme.color.brand)};
`

const Lead = styled.p<{ $onDeep?: boolean }>`
  margin-top: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSize.lg};
  color: ${({ theme, $onDeep }) => ($onDeep ? theme.color.onDeepMuted : theme.color.muted)};
`

/** Responsive card grid: one column on phones, then `$min`-wide tracks. */
export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  list-style: none;
  padding: 0;
  margin: 0;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min = '17rem' }) => $min}), 1fr));
`

export const Card = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space.xl};
  box-shadow: ${({ theme }) => theme.shadow.sm};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.lg};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }

  p {
    color: ${({ theme }) => theme.color.muted};
  }
`

export const IconBadge = styled.span<{ $tone?: 'brand' | 'accent' }>`
  display: inline-grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $tone }) => ($tone === 'accent' ? '#fff1db' : theme.color.brandSoft)};
  color: ${({ theme }) => theme.color.brandStrong};
`
