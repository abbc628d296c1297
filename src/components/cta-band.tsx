import { styled } from 'styled-components'
import type { CtaContent } from '../content/types'
import { ButtonLink } from './ui/button'
import { Container } from './ui/section'

/** Closing call to action of a page. */
export function CtaBand({ cta, id = 'cta' }: { cta: CtaContent; id?: string }) {
  return (
    <Band aria-labelledby={id}>
      <Inner>
        <h2 id={id}>{cta.title}</h2>
        <p>{cta.text}</p>
        <Actions>
          {cta.actions.map((action) => (
            <ButtonLink
              key={action.to}
              to={action.to}
              variant={action.variant === 'primary' ? 'primary' : 'light'}
              size="lg"
            >
              {action.label}
            </ButtonLink>
          ))}
        </Actions>
      </Inner>
    </Band>
  )
}

const Band = styled.section`
  padding: ${({ theme }) => theme.space.section} 0;
  background:
    radial-gradient(ellipse 70% 90% at 10% 100%, rgba(23, 162, 184, 0.35), transparent 70%),
    linear-gradient(120deg, ${({ theme }) => theme.color.brandStrong}, #0b3a54);
  color: ${({ theme }) => theme.color.onDeep};
  text-align: center;
`

const Inner = styled(Container).attrs({ $narrow: true })`
  h2 {
    color: #fff;
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
