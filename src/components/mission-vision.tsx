import { Eye, Target } from 'lucide-react'
import { styled } from 'styled-components'
import type { NosotrosContent } from '../content/nosotros'
import { Card, Grid, IconBadge, Section } from './ui/section'

type Props = Pick<NosotrosContent, 'mission' | 'vision'>

export function MissionVision({ mission, vision }: Props) {
  return (
    <Section tone="water">
      <Grid $min="20rem">
        <Statement aria-labelledby="mision">
          <IconBadge $tone="accent">
            <Target aria-hidden="true" />
          </IconBadge>
          <h2 id="mision">{mission.title}</h2>
          <p>{mission.text}</p>
        </Statement>
        <Statement aria-labelledby="vision">
          <IconBadge $tone="accent">
            <Eye aria-hidden="true" />
          </IconBadge>
          <h2 id="vision">{vision.title}</h2>
          <p>{vision.text}</p>
        </Statement>
      </Grid>
    </Section>
  )
}

const Statement = styled(Card).attrs({ as: 'section' })`
  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }

  p {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`
