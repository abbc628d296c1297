import type { CtaContent } from '../content/types'
import { ButtonLink } from './ui/button'
import { ClosingBand } from './ui/closing-band'

/** Closing call to action of a page. */
export function CtaBand({ cta, id = 'cta' }: { cta: CtaContent; id?: string }) {
  return (
    <ClosingBand id={id} title={cta.title} text={cta.text} glow="lowLeft">
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
    </ClosingBand>
  )
}
