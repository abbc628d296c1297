/**
 * What the spam filters set aside, never silent: how many and why, in every view; in the default views the
 * newest few, each with «No es spam»; after a rescue, what moved and «Deshacer» (no time limit, focused at once).
 */
import type { Lead, SpamSummary } from '../../../contract/inbox-api'
import { copy, spamReasonText } from '../copy'
import { capitalized, shortReceivedAt } from '../format'
import { NotSpamButton } from './not-spam-button'

export function SpamPanel({
  spam,
  rescued,
  inDefaultView,
  onRescue,
  onUndo,
  onShowAll,
}: {
  spam: SpamSummary
  rescued: Lead | null
  inDefaultView: boolean
  onRescue: (lead: Lead) => void
  onUndo: (lead: Lead) => void
  onShowAll: () => void
}) {
  const latest = inDefaultView ? spam.latest : []
  return (
    <section
      id="apartadas"
      className="spam-panel"
      aria-labelledby="apartadas-titulo"
      hidden={spam.total === 0 && !rescued}
    >
      <h2 id="apartadas-titulo" tabIndex={-1}>
        {copy.spamTitle(spam.total)}
      </h2>
      {spam.total > 0 && <p className="spam-text">{copy.spamText}</p>}
      {spam.reasons.length > 0 && (
        <ul className="spam-reasons">
          {spam.reasons.map(({ reason, count }) => (
            <li key={reason ?? ''}>
              <span className="spam-count">{count}</span> {spamReasonText(reason, count)}
            </li>
          ))}
        </ul>
      )}
      {rescued && (
        <div className="spam-rescued">
          <p>{copy.rescued(rescued.name)}</p>
          <button type="button" id="deshacer" className="button button-quiet" onClick={() => onUndo(rescued)}>
            {copy.undo}
          </button>
        </div>
      )}
      {latest.length > 0 && (
        <div className="spam-latest">
          <h3 id="apartadas-recientes">{copy.spamLatest}</h3>
          <ul aria-labelledby="apartadas-recientes">
            {latest.map((lead) => (
              <li key={lead.id} className="spam-item" data-id={lead.id}>
                <p className="spam-name" id={`apartada-${lead.id}`}>
                  {lead.name}
                </p>
                <NotSpamButton describedBy={`apartada-${lead.id}`} onRescue={() => onRescue(lead)} />
                <p className="meta spam-meta">
                  <time dateTime={lead.created_at}>{shortReceivedAt(lead.created_at)}</time>
                  {` · ${capitalized(spamReasonText(lead.spam_reason))}.`}
                </p>
                <p className="spam-excerpt">{`${lead.service}: ${lead.message}`}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
      {inDefaultView && spam.total > 0 && (
        <button type="button" className="button button-quiet spam-all" onClick={onShowAll}>
          {copy.spamAll(spam.total)}
        </button>
      )}
    </section>
  )
}
