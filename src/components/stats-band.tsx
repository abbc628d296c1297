import { styled } from 'styled-components'
import type { Statistic } from '../content/types'
import { media } from '../theme/media'
import { Container } from './ui/section'

/** The four company claims, as large figures on a deep band. */
export function StatsBand({ stats, label }: { stats: readonly Statistic[]; label: string }) {
  return (
    <Band aria-label={label}>
      <List as="dl">
        {stats.map((stat) => (
          <Item key={stat.label}>
            <dt>{stat.label}</dt>
            <dd>{stat.number}</dd>
          </Item>
        ))}
      </List>
    </Band>
  )
}

const Band = styled.section`
  background: linear-gradient(
    120deg,
    ${({ theme }) => theme.color.brandStrong},
    ${({ theme }) => theme.color.deep}
  );
  color: #fff;
  padding: clamp(2.5rem, 6vw, 4rem) 0;
`

const List = styled(Container)`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  margin: 0 auto;

  ${media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`

const Item = styled.div`
  display: flex;
  flex-direction: column-reverse;
  align-items: center;
  text-align: center;

  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: clamp(2.25rem, 1.8rem + 2vw, 3.25rem);
    font-weight: 800;
    line-height: 1.1;
    color: ${({ theme }) => theme.color.accent};
  }

  dt {
    margin-top: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.color.onDeep};
    font-weight: 600;
  }
`
