/**
 * A lead's promise, on one line under its name: the time left ("Quedan 5 h · vence hoy a las 18:00"), how late
 * ("Vencida hace 2 h"), or the first contact ("Respondida en 1 h 20 min, por WhatsApp · a tiempo") with
 * «Deshacer» when a tap recorded it (a status change is undone by the status).
 */
import type { Lead } from '../../../contract/inbox-api'
import { ownerWhen } from '../../../contract/owner-time'
import { promiseCopy } from '../copy'

export function PromiseLine({
  lead,
  now,
  headingId,
  onUndo,
}: {
  lead: Lead
  /** Now, by the server's clock (ms). */
  now: number
  /** The lead's name heading: «Deshacer» is described by it, for a screen reader going through several. */
  headingId: string
  onUndo: () => void
}) {
  if (lead.first_contact_at && lead.first_contact_via) {
    const after = Date.parse(lead.first_contact_at) - Date.parse(lead.created_at)
    const inTime = lead.due_at ? lead.first_contact_at <= lead.due_at : null
    return (
      <div className="promise promise-answered">
        <p>
          {promiseCopy.answered(after, lead.first_contact_via)}
          {inTime === null ? '' : ` · ${inTime ? promiseCopy.answeredInTime : promiseCopy.answeredLate}`}
        </p>
        {lead.first_contact_via !== 'estado' && (
          <button
            type="button"
            className="button button-quiet button-small"
            aria-describedby={headingId}
            title={promiseCopy.undoHint}
            onClick={onUndo}
          >
            {promiseCopy.undoContact}
          </button>
        )}
      </div>
    )
  }
  if (!lead.due_at)
    return (
      <div className="promise">
        <p>{promiseCopy.noDeadline}</p>
      </div>
    )
  const due = Date.parse(lead.due_at)
  const left = due - now
  const when = ownerWhen(new Date(due), new Date(now))
  return (
    <div className={`promise ${left <= 0 ? 'promise-late' : 'promise-open'}`}>
      <p>
        <strong>{left > 0 ? promiseCopy.left(left) : promiseCopy.late(-left)}</strong>
        {' · '}
        <time dateTime={lead.due_at}>{left > 0 ? promiseCopy.dueAt(when) : promiseCopy.dueWas(when)}</time>
      </p>
    </div>
  )
}
