import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { styled } from 'styled-components'
import { placement } from '../analytics/placement'
import { site } from '../config/site'
import type { ContactoContent } from '../content/contacto'
import { media } from '../theme/media'
import { Card, IconBadge } from './ui/section'

/** Phone, e-mail, location and hours at a glance, above the form. */
export function ContactCards({ cards }: { cards: ContactoContent['cards'] }) {
  return (
    <List {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('contact_cards') : {})}>
      <li>
        <Item>
          <IconBadge>
            <Phone aria-hidden="true" />
          </IconBadge>
          <h2>{cards.phone.title}</h2>
          <a href={site.phone.href}>{site.phone.display}</a>
          <p>{cards.phone.text}</p>
        </Item>
      </li>
      <li>
        <Item>
          <IconBadge>
            <Mail aria-hidden="true" />
          </IconBadge>
          <h2>{cards.email.title}</h2>
          <a href={site.email.href}>{site.email.address}</a>
          <p>{cards.email.text}</p>
        </Item>
      </li>
      <li>
        <Item>
          <IconBadge>
            <MapPin aria-hidden="true" />
          </IconBadge>
          <h2>{cards.location.title}</h2>
          <strong>{cards.location.text}</strong>
          <p>{site.address.short}</p>
        </Item>
      </li>
      <li>
        <Item>
          <IconBadge>
            <Clock aria-hidden="true" />
          </IconBadge>
          <h2>{cards.hours.title}</h2>
          <strong>{cards.hours.text}</strong>
          <p>{cards.hours.saturday}</p>
        </Item>
      </li>
    </List>
  )
}

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr));
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  margin-bottom: ${({ theme }) => theme.space.xl};

  ${media.md} {
    margin-bottom: ${({ theme }) => theme.space.xxl};
  }
`

/* On phones each card is one compact row (icon beside the text) so the form is reached sooner. */
const Item = styled(Card)`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${({ theme }) => theme.space.md};
  align-content: start;
  padding: ${({ theme }) => theme.space.md};

  ${IconBadge} {
    grid-row: span 3;
    margin: 0;
  }

  ${media.md} {
    display: block;
    padding: ${({ theme }) => theme.space.lg};

    ${IconBadge} {
      margin-bottom: ${({ theme }) => theme.space.md};
    }
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSize.md};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }

  a,
  strong {
    display: inline-block;
    font-weight: 700;
    color: ${({ theme }) => theme.color.brandStrong};
    overflow-wrap: anywhere;
  }

  p {
    margin-top: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`
