import { styled } from 'styled-components'
import type { NosotrosContent } from '../content/nosotros'
import { Reveal } from './ui/reveal'
import { Card, Grid, Section, SectionHeading } from './ui/section'

export function TeamGrid({ team }: { team: NosotrosContent['team'] }) {
  return (
    <Section labelledBy="equipo">
      <SectionHeading id="equipo" eyebrow={team.eyebrow} title={team.title} />
      <Grid as="ul" $min="16rem">
        {team.members.map((member, index) => (
          <Reveal as="li" key={member.name} delay={index * 80}>
            <Member>
              <Avatar aria-hidden="true">{member.initials}</Avatar>
              <h3>{member.name}</h3>
              <Position>{member.position}</Position>
              <Experience>{member.experience}</Experience>
            </Member>
          </Reveal>
        ))}
      </Grid>
    </Section>
  )
}

const Member = styled(Card)`
  text-align: center;
`

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 5.5rem;
  height: 5.5rem;
  margin: 0 auto ${({ theme }) => theme.space.md};
  border-radius: 50%;
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.color.brand},
    ${({ theme }) => theme.color.deep}
  );
  color: #fff;
  font-family: ${({ theme }) => theme.font.heading};
  font-size: 1.6rem;
  font-weight: 800;
`

const Position = styled.p`
  && {
    color: ${({ theme }) => theme.color.brandStrong};
    font-weight: 600;
  }
`

const Experience = styled.p`
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
`
