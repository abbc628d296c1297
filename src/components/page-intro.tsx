import { styled } from 'styled-components'
import type { SectionIntro } from '../content/types'
import { Container, Eyebrow } from './ui/section'

/** Opening band of an inner page, holding its h1. */
export function PageIntro({ intro }: { intro: SectionIntro }) {
  return (
    <Band aria-labelledby="page-title">
      <Container>
        {intro.eyebrow ? <Eyebrow $onDeep>{intro.eyebrow}</Eyebrow> : null}
        <h1 id="page-title">{intro.title}</h1>
        {intro.lead ? <Lead>{intro.lead}</Lead> : null}
      </Container>
    </Band>
  )
}

const Band = styled.section`
  padding: clamp(3rem, 8vw, 5.5rem) 0;
  color: ${({ theme }) => theme.color.onDeep};
  background:
    radial-gradient(ellipse 60% 80% at 90% 0%, rgba(23, 162, 184, 0.35), transparent 70%),
    linear-gradient(135deg, ${({ theme }) => theme.color.deep} 0%, #0b4462 100%);

  h1 {
    max-width: 48rem;
    color: #fff;
    font-size: ${({ theme }) => theme.fontSize.h1};
    letter-spacing: -0.02em;
  }
`

const Lead = styled.p`
  max-width: 42rem;
  margin-top: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSize.lg};
  color: ${({ theme }) => theme.color.onDeep};
`
