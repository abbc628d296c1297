import { MessageCircle, Phone } from 'lucide-react'
import { placement } from '../analytics/placement'
import { site, whatsappLink } from '../config/site'
import { contactLabels } from '../content/shared'
import { ExternalButton } from './ui/button'
import { CtaFrame } from './ui/cta-frame'
import { VisuallyHidden } from './ui/visually-hidden'

/** Call and WhatsApp buttons under a short invitation. */
export function ContactActions({ title, text }: { title: string; text: string }) {
  return (
    // The band closes the location page, its only use: clicks here count as 'location_page'.
    <CtaFrame
      id="contacto-directo"
      title={title}
      text={text}
      glow="top-right"
      {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('location_page') : {})}
    >
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
    </CtaFrame>
  )
}
