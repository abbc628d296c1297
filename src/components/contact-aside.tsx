import { CheckCircle2, Siren } from 'lucide-react'
import { styled } from 'styled-components'
import { placement } from '../analytics/placement'
import { site } from '../config/site'
import type { ContactoContent } from '../content/contacto'
import { HoursList } from './hours-list'
import { Card } from './ui/section'
import { StockImage } from './ui/stock-image'

type Props = Pick<ContactoContent, 'whyUs' | 'emergency' | 'hoursTitle' | 'image'>

/** Beside the form: reasons to choose us, the emergency line, opening hours and a photo. */
export function ContactAside({ whyUs, emergency, hoursTitle, image }: Props) {
  return (
    <Aside>
      <Card as="section" aria-labelledby="por-que">
        <h2 id="por-que">{whyUs.title}</h2>
        <Reasons>
          {whyUs.items.map((item) => (
            <li key={item}>
              <CheckCircle2 aria-hidden="true" size={20} />
              {item}
            </li>
          ))}
        </Reasons>
      </Card>
      <Emergency aria-labelledby="emergencia" {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('emergency') : {})}>
        <h2 id="emergencia">
          <Siren aria-hidden="true" size={22} />
          {emergency.title}
        </h2>
        <p>{emergency.text}</p>
        <a href={site.phone.href}>{`${emergency.link}: ${site.phone.display}`}</a>
      </Emergency>
      <Card as="section" aria-labelledby="horario">
        <h2 id="horario">{hoursTitle}</h2>
        <HoursList />
      </Card>
      <Photo image={image} sizes="(min-width: 1024px) 380px, 100vw" />
    </Aside>
  )
}

const Aside = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-content: start;

  h2 {
    font-size: ${({ theme }) => theme.fontSize.lg};
    margin-bottom: ${({ theme }) => theme.space.md};
  }
`

const Reasons = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;

  li {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    align-items: flex-start;
  }

  svg {
    flex: none;
    margin-top: 0.15rem;
    color: ${({ theme }) => theme.color.success};
  }
`

const Emergency = styled.section`
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fdecea;
  border: 1px solid #f5c2bd;

  h2 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.color.danger};
  }

  p {
    color: ${({ theme }) => theme.color.text};
  }

  a {
    display: inline-block;
    margin-top: ${({ theme }) => theme.space.md};
    font-weight: 800;
    color: ${({ theme }) => theme.color.danger};
  }
`

const Photo = styled(StockImage)`
  width: 100%;
  aspect-ratio: 3 / 2;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};
`
