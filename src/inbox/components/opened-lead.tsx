/**
 * The lead an alert's link names (?solicitud=<id>), above the list: the address carries the id only, the lead
 * comes from the API with the session. «Cerrar» takes it off the page and the id off the address.
 */
import type { SelectedLead } from '../inbox-state'
import type { LeadActions } from '../use-inbox'
import { promiseCopy } from '../copy'
import { LeadCard } from './lead-card'

export function OpenedLead({
  selected,
  now,
  actions,
  onClose,
}: {
  selected: SelectedLead
  now: number
  actions: LeadActions
  onClose: () => void
}) {
  if (!selected.lead && !selected.gone) return null
  return (
    <section id="abierta" className="opened" aria-labelledby="abierta-titulo">
      <div className="opened-head">
        <h2 id="abierta-titulo" className="opened-title" tabIndex={-1}>
          {promiseCopy.opened}
        </h2>
        <button type="button" className="button button-quiet button-small" onClick={onClose}>
          {promiseCopy.closeOpened}
        </button>
      </div>
      {selected.lead ? (
        <ol className="leads" aria-labelledby="abierta-titulo">
          <LeadCard lead={selected.lead} now={now} actions={actions} idPrefix="abierta-" />
        </ol>
      ) : (
        <p className="notice">{promiseCopy.openedGone}</p>
      )}
    </section>
  )
}
