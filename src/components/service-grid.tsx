import { Check } from 'lucide-react'
import { styled } from 'styled-components'
import { paths } from '../../schema/paths'
import { formatPrice } from '../content/servicios'
import type { ServiceOffering } from '../content/types'
import { ButtonLink } from './ui/button'
import { Icon } from './ui/icon'
import { Reveal } from './ui/reveal'
import { Card, Grid, IconBadge, Section } from './ui/section'
import { VisuallyHidden } from './ui/visually-hidden'

interface ServiceGridProps {
  services: readonly ServiceOffering[]
  quoteButton: string
  label: string
}

/** The six service cards: what each includes, its starting price and a quote button. */
export function ServiceGrid({ services, quoteButton, label }: ServiceGridProps) {
  return (
    <Section tone="water">
      <VisuallyHidden as="h2" id="lista-servicios">
        {label}
      </VisuallyHidden>
      <Grid as="ul" $min="20rem" aria-labelledby="lista-servicios">
        {services.map((service, index) => (
          <Reveal as="li" key={service.id} delay={(index % 3) * 80}>
            <ServiceCard id={service.id} aria-labelledby={`${service.id}-title`}>
              <IconBadge>
                <Icon icon={service.icon} size={26} />
              </IconBadge>
              <h3 id={`${service.id}-title`}>{service.title}</h3>
              <p>{service.description}</p>
              <Features>
                {service.features.map((feature) => (
                  <li key={feature}>
                    <Check aria-hidden="true" size={18} />
                    {feature}
                  </li>
                ))}
              </Features>
              <Footer>
                <Price>{formatPrice(service.price)}</Price>
                <ButtonLink
                  to={paths.contacto}
                  variant="secondary"
                  block
                  aria-label={`${quoteButton}: ${service.title}`}
                >
                  {quoteButton}
                </ButtonLink>
              </Footer>
            </ServiceCard>
          </Reveal>
        ))}
      </Grid>
    </Section>
  )
}

const ServiceCard = styled(Card).attrs({ as: 'article' })`
  display: flex;
  flex-direction: column;
  scroll-margin-top: 6rem;
`

const Features = styled.ul`
  display: grid;
  gap: 0.45rem;
  margin: ${({ theme }) => theme.space.lg} 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};

  li {
    display: flex;
    gap: 0.5rem;
    align-items: flex-start;
  }

  svg {
    flex: none;
    margin-top: 0.2rem;
    color: ${({ theme }) => theme.color.success};
  }
`

const Footer = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`

const Price = styled.p`
  && {
    margin-bottom: ${({ theme }) => theme.space.md};
    font-family: ${({ theme }) => theme.font.heading};
    font-size: ${({ theme }) => theme.fontSize.xl};
    font-weight: 800;
    color: ${({ theme }) => theme.color.deep};
  }
`
