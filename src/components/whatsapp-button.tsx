import { MessageCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { styled } from 'styled-components'
import { placement } from '../analytics/placement'
import { whatsappLink } from '../config/site'
import { contactLabels } from '../content/shared'
import { media } from '../theme/media'

/**
 * Floating WhatsApp button on every page. It steps aside while an element marked
 * `data-avoid-floating` (the quote form, the footer's last line) is on screen, so on a phone it never
 * covers a field, the submit button or the footer text.
 */
export function WhatsAppButton() {
  const [hidden, setHidden] = useState(false)
  const { pathname } = useLocation()

  useEffect(() => {
    const targets = document.querySelectorAll('[data-avoid-floating]')
    if (targets.length === 0 || typeof IntersectionObserver === 'undefined') return
    const visible = new Set<Element>()
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target)
        else visible.delete(entry.target)
      }
      setHidden(visible.size > 0)
    })
    targets.forEach((target) => observer.observe(target))
    return () => {
      observer.disconnect()
      setHidden(false)
    }
  }, [pathname])

  return (
    <Floating
      {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('floating_button') : {})}
      href={whatsappLink()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${contactLabels.whatsappFloating} ${contactLabels.newTab}`}
      data-hidden={hidden}
    >
      <MessageCircle aria-hidden="true" size={28} />
    </Floating>
  )
}

const Floating = styled.a`
  position: fixed;
  right: max(1rem, env(safe-area-inset-right));
  bottom: max(1rem, env(safe-area-inset-bottom));
  z-index: 40;
  display: grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 50%;
  background: #128c7e;
  color: #fff;
  box-shadow: 0 8px 24px -6px rgba(11, 42, 60, 0.45);
  transition:
    transform ${({ theme }) => theme.motion.base} ${({ theme }) => theme.motion.ease},
    opacity ${({ theme }) => theme.motion.base};

  &:hover {
    background: #0e7368;
  }

  &[data-hidden='true'] {
    opacity: 0;
    transform: translateY(150%);
    pointer-events: none;
  }

  ${media.md} {
    right: 1.5rem;
    bottom: 1.5rem;
  }
`
