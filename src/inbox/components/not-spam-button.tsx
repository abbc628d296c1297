/** «No es spam»: one tap moves the lead to «Nuevo»; `describedBy` names the lead for a screen reader. */
import { copy } from '../copy'

export function NotSpamButton({ describedBy, onRescue }: { describedBy: string; onRescue: () => void }) {
  return (
    <button type="button" className="button button-rescue" aria-describedby={describedBy} onClick={onRescue}>
      {copy.notSpam}
    </button>
  )
}
