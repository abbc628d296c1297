/**
 * The list of the view: a card per lead, the empty state, «Cargar más» while there are more, and the CSV of
 * this view and search.
 */
import type { Lead } from '../../../contract/inbox-api'
import { copy, promiseCopy } from '../copy'
import type { LeadActions } from '../use-inbox'
import { LeadCard } from './lead-card'

export function LeadList({
  leads,
  total,
  now,
  state,
  caughtUp,
  exportHref,
  actions,
  onMore,
  onRetry,
}: {
  leads: Lead[]
  total: number
  now: number
  state: 'loading' | 'ready' | 'failed'
  /** Empty «Por atender» without a search: nothing waits for an answer («¡Al día!»), not "nothing found". */
  caughtUp: boolean
  exportHref: string
  actions: LeadActions
  onMore: () => void
  onRetry: () => void
}) {
  const ready = state === 'ready'
  return (
    <>
      <ol id="lista" className="leads" aria-labelledby="titulo" aria-busy={!ready}>
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} now={now} actions={actions} />
        ))}
      </ol>
      {state === 'loading' && leads.length === 0 && <p className="loading">{copy.loading}</p>}
      {state === 'failed' && (
        <div className="list-failed">
          <p className="notice notice-error" role="alert">
            {copy.listFailed}
          </p>
          <button type="button" className="button button-quiet" onClick={onRetry}>
            {copy.retry}
          </button>
        </div>
      )}
      <p id="vacio" className={caughtUp ? 'empty empty-done' : 'empty'} hidden={!ready || leads.length > 0}>
        {caughtUp ? promiseCopy.caughtUp : copy.none}
      </p>
      <div className="list-foot">
        <button
          type="button"
          id="mas"
          className="button button-quiet more"
          hidden={leads.length >= total}
          onClick={onMore}
        >
          {copy.more}
        </button>
        <p className="export">
          <a id="exportar" className="button button-quiet" href={exportHref} download="">
            {copy.export}
          </a>
          <span className="export-hint">{copy.exportHint}</span>
        </p>
      </div>
    </>
  )
}
