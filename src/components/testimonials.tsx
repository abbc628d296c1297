import { Quote, Star } from 'lucide-react'
import { styled } from 'styled-components'
import type { InicioContent } from '../content/inicio'
import { Reveal } from './ui/reveal'
import { Card, Grid, Section, SectionHeading } from './ui/section'
import { VisuallyHidden } from './ui/visually-hidden'

export function Testimonials({ testimonials }: { testimonials: InicioContent['testimonials'] }) {
  return (
    <Section labelledBy="testimonios" tone="water">
      <SectionHeading id="testimonios" eyebrow={testimonials.eyebrow} title={testimonials.title} />
      <Grid as="ul" $min="18rem">
        {testimonials.items.map((item, index) => (
          <Reveal as="li" key={index} delay={index * 80}>
            <TestimonialCard as="figure">
              <Stars>
                <VisuallyHidden>{`${item.rating} ${testimonials.ratingLabel}`}</VisuallyHidden>
                {Array.from({ length: item.rating }, (_, star) => (
                  <Star key={star} aria-hidden="true" size={18} fill="currentColor" />
                ))}
              </Stars>
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <Quote aria-hidden="true" size={20} />
                <span>
                  <strong>{item.author}</strong>
                  <span>{item.place}</span>
                </span>
              </figcaption>
            </TestimonialCard>
          </Reveal>
        ))}
      </Grid>
    </Section>
  )
}

const TestimonialCard = styled(Card)`
  display: flex;
  flex-direction: column;
  margin: 0;

  blockquote {
    flex: 1;
    margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.lg};
  }

  blockquote p {
    color: ${({ theme }) => theme.color.text};
  }

  figcaption {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding-top: ${({ theme }) => theme.space.md};
    border-top: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.brand};
  }

  figcaption > span {
    display: flex;
    flex-direction: column;
    line-height: 1.3;
  }

  strong {
    color: ${({ theme }) => theme.color.deep};
  }

  figcaption span span {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`

const Stars = styled.p`
  display: flex;
  gap: 2px;
  color: ${({ theme }) => theme.color.star};
`
