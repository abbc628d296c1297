/**
 * The three ways to answer a client with one tap: call, WhatsApp with a greeting naming them and the service,
 * e-mail with a subject. The link opens as usual; the first tap is recorded beside it as the first contact.
 */
import type { Lead, TapWay } from '../../../contract/inbox-api'
import { mailtoHref, telHref, whatsappHref } from '../../../contract/contact-links'
import { site } from '../../config/site'
import { copy } from '../copy'

export function ContactActions({ lead, onTap }: { lead: Lead; onTap: (via: TapWay) => void }) {
  return (
    <div className="actions">
      <a className="button button-call" href={telHref(lead.phone)} onClick={() => onTap('llamada')}>
        {copy.call}
      </a>
      <a
        className="button button-whatsapp"
        href={whatsappHref(lead.phone, lead.name, lead.service)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => onTap('whatsapp')}
      >
        {copy.whatsapp}
      </a>
      <a
        className="button button-mail"
        href={mailtoHref(lead.email, lead.service, site.brand)}
        onClick={() => onTap('correo')}
      >
        {copy.email}
      </a>
    </div>
  )
}
