import type { IconItem, SectionIntro } from '../content/types'
import { Icon } from './ui/icon'
import { Reveal } from './ui/reveal'
import { Card, Grid, IconBadge, Section, SectionHeading } from './ui/section'

interface FeatureGridProps {
  id: string
  intro: SectionIntro
  items: readonly IconItem[]
  tone?: 'plain' | 'water' | 'sand'
  min?: string
}

/** A titled grid of icon cards: benefits, values, certifications. */
export function FeatureGrid({ id, intro, items, tone = 'plain', min }: FeatureGridProps) {
  return (
    <Section labelledBy={id} tone={tone}>
      <SectionHeading id={id} eyebrow={intro.eyebrow} title={intro.title} lead={intro.lead} />
      <Grid as="ul" $min={min}>
        {items.map((item, index) => (
          <Reveal as="li" key={item.title} delay={(index % 3) * 80}>
            <Card>
              <IconBadge>
                <Icon icon={item.icon} />
              </IconBadge>
              <h3>{item.title}</h3>
              <p>{item.description}</p>
            </Card>
          </Reveal>
        ))}
      </Grid>
    </Section>
  )
}
