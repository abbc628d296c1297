import { styled } from 'styled-components'
import { site } from '../config/site'

/** The opening hours as a definition list, from the company config. */
export function HoursList({ onDeep = false }: { onDeep?: boolean }) {
  return (
    <List $onDeep={onDeep}>
      {site.hours.map((entry) => (
        <div key={entry.day}>
          <dt>{entry.day}</dt>
          <dd>{entry.hours}</dd>
        </div>
      ))}
    </List>
  )
}

const List = styled.dl<{ $onDeep: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0 ${({ theme }) => theme.space.md};
    padding-bottom: ${({ theme }) => theme.space.sm};
    border-bottom: 1px dashed ${({ theme, $onDeep }) => ($onDeep ? theme.color.deepSoft : theme.color.border)};
  }

  div:last-child {
    border-bottom: 0;
    padding-bottom: 0;
  }

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
    color: ${({ theme, $onDeep }) => ($onDeep ? theme.color.onDeep : theme.color.muted)};
  }
`
