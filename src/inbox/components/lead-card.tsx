/**
 * One lead, as a card of the list: name and badges, the promise line, what they asked for, how they found the
 * site and how to reach them (one tap each), the status and a note, the alert's state, where they wrote from and
 * «Eliminar». Whatever a client typed is text (React never parses it as HTML). `idPrefix` keeps ids unique when
 * the same lead is shown twice (the alert's lead above the list, ./opened-lead.tsx).
 */
import type { Lead } from '../../../contract/inbox-api'
import { STATUS_LABEL, copy, promiseCopy, spamReasonText } from '../copy'
import { receivedAt } from '../format'
import { leadHeadingId } from '../inbox-state'
import type { LeadActions } from '../use-inbox'
import { ContactActions } from './contact-actions'
import { FollowUp } from './follow-up'
import { LeadSource } from './lead-source'
import { NotificationList } from './notification-list'
import { NotSpamButton } from './not-spam-button'
import { PromiseLine } from './promise-line'

export function LeadCard({
  lead,
  now,
  actions,
  idPrefix = '',
}: {
  lead: Lead
  now: number
  actions: LeadActions
  idPrefix?: string
}) {
  const headingId = leadHeadingId(lead.id, idPrefix)
  const spam = lead.status === 'spam'
  const urgent = Boolean(lead.urgent) && !spam
  return (
    <li className={`lead${urgent ? ' lead-urgent' : ''}`} data-id={lead.id}>
      <article aria-labelledby={headingId}>
        <header className="lead-head">
          {/* Focusable from script only: where focus goes after the lead above it is deleted. */}
          <h2 id={headingId} tabIndex={-1}>
            {lead.name}
          </h2>
          {urgent && <span className="badge badge-urgent">{promiseCopy.urgent}</span>}
          <span className={`badge badge-${lead.status}`}>{STATUS_LABEL[lead.status]}</span>
        </header>
        {!spam && (
          <PromiseLine
            lead={lead}
            now={now}
            headingId={headingId}
            onUndo={() => actions.undoContact(lead, headingId)}
          />
        )}
        <div className="lead-body">
          <p className="meta">
            <span className="service">{lead.service}</span>
            {' · '}
            <time dateTime={lead.created_at}>{`${copy.received} ${receivedAt(lead.created_at, now)}`}</time>
          </p>
          {lead.spam_reason && (
            <p className={spam ? 'meta spam-reason' : 'meta'}>
              {`${spam ? copy.spamReason : copy.wasSpam}: ${spamReasonText(lead.spam_reason)}.`}
            </p>
          )}
          <LeadSource lead={lead} />
          <p className="message">{lead.message}</p>
          <p className="contact-line">
            <span>{lead.phone}</span> · <span>{lead.email}</span>
          </p>
          <ContactActions lead={lead} onTap={(via) => actions.tap(lead, via)} />
          {spam && <NotSpamButton describedBy={headingId} onRescue={() => actions.rescue(lead)} />}
        </div>
        <div className="lead-side">
          <FollowUp
            lead={lead}
            idPrefix={idPrefix}
            onStatus={(status, focusId) => actions.changeStatus(lead, status, focusId)}
            onNote={(note, focusId) => void actions.saveNote(lead, note, focusId)}
          />
          <NotificationList notifications={lead.notifications} />
        </div>
        <footer className="lead-foot">
          {lead.page && <span className="meta">{`${copy.fromPage} ${lead.page}`}</span>}
          <button type="button" className="button button-danger" onClick={() => actions.askDelete(lead)}>
            {copy.delete}
          </button>
        </footer>
      </article>
    </li>
  )
}
