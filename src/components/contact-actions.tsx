import { MessageCircle, Phone } from 'lucide-react'
import { styled } from 'styled-components'
import { placement } from '../analytics/placement'
import { site, whatsappLink } from '../config/site'
import { contactLabels } from '../content/shared'
import { ExternalButton } from './ui/button'
import { Container } from './ui/section'
import { VisuallyHidden } from './ui/visually-hidden'

/** Call and WhatsApp buttons under a short invitation. */
export function ContactActions({ title, text }: { title: string; text: string }) {
  return (
    // The band closes the location page, its only use: clicks here count as 'location_page'.
    <Band
      aria-labelledby="contacto-directo"
      {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('location_page') : {})}
    >
      <Container $narrow>
        <h2 id="contacto-directo">{title}</h2>
        <p>{text}</p>
        <Actions>
          <ExternalButton href={site.phone.href} variant="primary" size="lg">
            <Phone aria-hidden="true" size={20} />
            {`${contactLabels.callNow}: ${site.phone.display}`}
          </ExternalButton>
          <ExternalButton
            href={whatsappLink()}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="lg"
          >
            <MessageCircle aria-hidden="true" size={20} />
            {contactLabels.whatsapp}
            <VisuallyHidden> {contactLabels.newTab}</VisuallyHidden>
          </ExternalButton>
        </Actions>
      </Container>
    </Band>
  )
}

const Band = styled.section`
  padding: ${({ theme }) => theme.space.section} 0;
  background:
    radial-gradient(ellipse 70% 90% at 90% 0%, rgba(23, 162, 184, 0.35), transparent 70%),
    linear-gradient(120deg, ${({ theme }) => theme.color.brandStrong}, #0b3a54);
  color: ${({ theme }) => theme.color.onDeep};
  text-align: center;

  h2 {
    color: #fff;
    font-size: ${({ theme }) => theme.fontSize.h2};
  }

  p {
    margin-top: ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};
`
