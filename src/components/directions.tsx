import { styled } from 'styled-components'
import type { UbicacionContent } from '../content/ubicacion'
import { Icon } from './ui/icon'
import { Card, Grid, IconBadge, Section, SectionHeading } from './ui/section'

export function Directions({ directions }: { directions: UbicacionContent['directions'] }) {
  return (
    <Section labelledBy="como-llegar">
      <SectionHeading id="como-llegar" eyebrow={directions.eyebrow} title={directions.title} />
      <Grid $min="20rem">
        {directions.routes.map((route, index) => (
          <Card key={route.title} as="section" aria-labelledby={`ruta-${index + 1}`}>
            <IconBadge>
              <Icon icon={route.icon} />
            </IconBadge>
            <h3 id={`ruta-${index + 1}`}>{route.title}</h3>
            <Steps>
              {route.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </Steps>
          </Card>
        ))}
      </Grid>
    </Section>
  )
}

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding-left: 1.25rem;
  color: ${({ theme }) => theme.color.muted};

  li::marker {
    color: ${({ theme }) => theme.color.brand};
    font-weight: 700;
  }
`
