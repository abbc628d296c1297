import type { CtaContent } from '../content/types'
import { ButtonLink } from './ui/button'
import { CtaFrame } from './ui/cta-frame'

/** Closing call to action of a page. */
export function CtaBand({ cta, id = 'cta' }: { cta: CtaContent; id?: string }) {
  return (
    <CtaFrame id={id} title={cta.title} text={cta.text} glow="bottom-left">
      {cta.actions.map((action) => (
        <ButtonLink
          key={action.to}
          to={action.to}
          variant={action.variant === 'primary' ? 'primary' : 'light'}
          size="lg"
        >
          {action.label}
        </ButtonLink>
      ))}
    </CtaFrame>
  )
}
