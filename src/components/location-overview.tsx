import { Clock, ExternalLink, MapPin, Phone } from 'lucide-react'
import { styled } from 'styled-components'
import { placement } from '../analytics/placement'
import { fullAddress, mapsHref, site } from '../config/site'
import { contactLabels } from '../content/shared'
import type { UbicacionContent } from '../content/ubicacion'
import { media } from '../theme/media'
import { HoursList } from './hours-list'
import { Card, IconBadge, Section } from './ui/section'
import { VisuallyHidden } from './ui/visually-hidden'

type Props = Pick<UbicacionContent, 'office' | 'map'>

/** Office address, phone and hours beside the map placeholder (no embedded map, per spec). */
export function LocationOverview({ office, map }: Props) {
  return (
    <Section>
      <Columns>
        <Card
          as="section"
          aria-labelledby="oficina"
          {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('location_details') : {})}
        >
          <h2 id="oficina">{office.title}</h2>
          <Facts>
            <Fact>
              <IconBadge>
                <MapPin aria-hidden="true" />
              </IconBadge>
              <div>
                <h3>{office.addressLabel}</h3>
                <address>
                  {fullAddress}
                  <br />
                  {office.addressZone}
                </address>
                <MapsLink href={mapsHref} target="_blank" rel="noopener noreferrer">
                  {contactLabels.openMaps}
                  <ExternalLink aria-hidden="true" size={16} />
                  <VisuallyHidden> {contactLabels.newTab}</VisuallyHidden>
                </MapsLink>
              </div>
            </Fact>
            <Fact>
              <IconBadge>
                <Phone aria-hidden="true" />
              </IconBadge>
              <div>
                <h3>{office.phoneLabel}</h3>
                <a href={site.phone.href}>{site.phone.display}</a>
              </div>
            </Fact>
            <Fact>
              <IconBadge>
                <Clock aria-hidden="true" />
              </IconBadge>
              <div>
                <h3>{office.hoursLabel}</h3>
                <HoursList />
              </div>
            </Fact>
          </Facts>
        </Card>
        <MapPlaceholder role="img" aria-label={`${map.title}: ${map.text}`}>
          <MapPin aria-hidden="true" size={44} />
          <strong>{map.title}</strong>
          <span>{map.text}</span>
        </MapPlaceholder>
      </Columns>
    </Section>
  )
}

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  ${media.lg} {
    grid-template-columns: 1fr 1.1fr;
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
    margin-bottom: ${({ theme }) => theme.space.lg};
  }

  address {
    font-style: normal;
    color: ${({ theme }) => theme.color.muted};
  }
`

const Facts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`

const Fact = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.md};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }

  ${IconBadge} {
    margin: 0;
  }

  > div > a {
    font-weight: 700;
  }
`

const MapsLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  margin-top: ${({ theme }) => theme.space.sm};
  font-weight: 700;
`

const MapPlaceholder = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 20rem;
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.lg};
  text-align: center;
  color: ${({ theme }) => theme.color.deep};
  background:
    repeating-linear-gradient(0deg, rgba(10, 108, 156, 0.08) 0 1px, transparent 1px 40px),
    repeating-linear-gradient(90deg, rgba(10, 108, 156, 0.08) 0 1px, transparent 1px 40px),
    linear-gradient(160deg, ${({ theme }) => theme.color.water}, ${({ theme }) => theme.color.brandSoft});
  border: 1px solid ${({ theme }) => theme.color.border};

  svg {
    color: ${({ theme }) => theme.color.brand};
  }

  strong {
    font-size: ${({ theme }) => theme.fontSize.lg};
  }

  span {
    color: ${({ theme }) => theme.color.muted};
  }
`
