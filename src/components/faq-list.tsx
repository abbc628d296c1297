import { ChevronDown } from 'lucide-react'
import { styled } from 'styled-components'
import type { ContactoContent } from '../content/contacto'
import { Section, SectionHeading } from './ui/section'

/** Questions as native disclosure widgets: keyboard-ready and working without JavaScript. */
export function FaqList({ faq }: { faq: ContactoContent['faq'] }) {
  return (
    <Section labelledBy="preguntas" tone="water" narrow>
      <SectionHeading id="preguntas" eyebrow={faq.eyebrow} title={faq.title} />
      <List>
        {faq.items.map((item) => (
          <Item key={item.question}>
            <summary>
              <h3>{item.question}</h3>
              <ChevronDown aria-hidden="true" size={20} />
            </summary>
            <p>{item.answer}</p>
          </Item>
        ))}
      </List>
    </Section>
  )
}

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`

const Item = styled.details`
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};

  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.lg};
    cursor: pointer;
    list-style: none;
  }

  summary::-webkit-details-marker {
    display: none;
  }

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }

  svg {
    flex: none;
    color: ${({ theme }) => theme.color.brand};
    transition: transform ${({ theme }) => theme.motion.base};
  }

  &[open] svg {
    transform: rotate(180deg);
  }

  p {
    padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
    color: ${({ theme }) => theme.color.muted};
  }
`
