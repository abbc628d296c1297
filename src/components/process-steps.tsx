import { styled } from 'styled-components'
import type { ServiciosContent } from '../content/servicios'
import { media } from '../theme/media'
import { Reveal } from './ui/reveal'
import { Section, SectionHeading } from './ui/section'

export function ProcessSteps({ process }: { process: ServiciosContent['process'] }) {
  return (
    <Section labelledBy="proceso">
      <SectionHeading id="proceso" eyebrow={process.eyebrow} title={process.title} />
      <Steps>
        {process.steps.map((step, index) => (
          <Reveal as="li" key={step.number} delay={index * 80}>
            <Number aria-hidden="true">{step.number}</Number>
            <h3>
              <StepLabel>{`${process.stepLabel} ${step.number}: `}</StepLabel>
              {step.title}
            </h3>
            <p>{step.description}</p>
          </Reveal>
        ))}
      </Steps>
    </Section>
  )
}

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  list-style: none;
  counter-reset: none;

  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  h3 {
    margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }

  p {
    color: ${({ theme }) => theme.color.muted};
  }
`

const Number = styled.span`
  display: inline-grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.brand};
  color: #fff;
  font-family: ${({ theme }) => theme.font.heading};
  font-size: 1.25rem;
  font-weight: 800;
  box-shadow: 0 0 0 6px ${({ theme }) => theme.color.brandSoft};
`

const StepLabel = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`
