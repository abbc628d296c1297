import { MapPin } from 'lucide-react'
import { styled } from 'styled-components'
import type { UbicacionContent } from '../content/ubicacion'
import { Section, SectionHeading } from './ui/section'

export function ServiceAreas({ areas }: { areas: UbicacionContent['areas'] }) {
  return (
    <Section labelledBy="zonas" tone="water">
      <SectionHeading id="zonas" eyebrow={areas.eyebrow} title={areas.title} lead={areas.lead} />
      <List>
        {areas.items.map((area) => (
          <li key={area}>
            <MapPin aria-hidden="true" size={18} />
            {area}
          </li>
        ))}
      </List>
      <Note>{areas.note}</Note>
    </Section>
  )
}

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr));
  gap: ${({ theme }) => theme.space.md};
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: 0.85rem 1rem;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    border: 1px solid ${({ theme }) => theme.color.border};
    font-weight: 600;
    color: ${({ theme }) => theme.color.deep};
  }

  svg {
    flex: none;
    color: ${({ theme }) => theme.color.brand};
  }
`

const Note = styled.p`
  margin-top: ${({ theme }) => theme.space.xl};
  text-align: center;
  color: ${({ theme }) => theme.color.muted};
`
