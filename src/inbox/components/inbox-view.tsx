/**
 * The signed-in inbox. On a phone the first screen is for the leads: the title and the search share a line,
 * the views wrap in compact chips, one summary line, then the list; the spam panel and the month figures come
 * after it (a link on the summary line jumps to the spam). From 1 100 px they sit in a column beside the list.
 * After each action focus goes where the state says (`focus`), once the page shows it.
 */
import { useEffect, type ReactNode } from 'react'
import { DEFAULT_VIEW } from '../../../contract/inbox-api'
import type { InboxApi } from '../api-client'
import { copy } from '../copy'
import { serverNow, type InboxState } from '../inbox-state'
import type { InboxActions } from '../use-inbox'
import { ConfirmDelete } from './confirm-delete'
import { LeadList } from './lead-list'
import { ListSummary } from './list-summary'
import { MonthFigures } from './month-figures'
import { OpenedLead } from './opened-lead'
import { SearchBox } from './search-box'
import { SpamPanel } from './spam-panel'
import { ViewFilter } from './view-filter'

export function InboxView({
  state,
  actions,
  exportHref,
  side,
}: {
  state: InboxState
  actions: InboxActions
  exportHref: InboxApi['exportHref']
  /** More panels for the side column, after the figures (the «Avisos» panel). */
  side?: ReactNode
}) {
  const { filter, focus } = state
  const now = serverNow(state.clock)
  const ready = state.list === 'ready'
  const inDefaultView = filter.view === 'todas' || filter.view === DEFAULT_VIEW
  const confirming = state.confirming
    ? (state.leads.find((lead) => lead.id === state.confirming) ??
      (state.selected?.lead?.id === state.confirming ? state.selected.lead : undefined))
    : undefined

  useEffect(() => {
    if (!focus) return
    ;(document.getElementById(focus) ?? document.getElementById('titulo'))?.focus()
    actions.focused()
  }, [focus, actions])

  return (
    <div className="inbox">
      <div className="toolbar">
        <div className="toolbar-top">
          <h1 id="titulo" tabIndex={-1}>
            {copy.title}
          </h1>
          <SearchBox onSearch={actions.search} />
        </div>
        <ViewFilter
          view={filter.view}
          counts={state.counts}
          unanswered={state.unanswered.total}
          onChange={actions.setView}
        />
        <ListSummary
          shown={state.leads.length}
          total={state.total}
          late={state.unanswered.late}
          spam={state.spam.total}
          ready={ready}
        />
      </div>
      <div className="inbox-list">
        {state.selected && (
          <OpenedLead selected={state.selected} now={now} actions={actions} onClose={actions.closeSelected} />
        )}
        <LeadList
          leads={state.leads}
          total={state.total}
          now={now}
          state={state.list}
          caughtUp={filter.view === DEFAULT_VIEW && !filter.q}
          exportHref={exportHref(filter)}
          actions={actions}
          onMore={actions.loadMore}
          onRetry={actions.retry}
        />
      </div>
      <div className="inbox-side">
        <SpamPanel
          spam={state.spam}
          rescued={state.rescued}
          inDefaultView={inDefaultView}
          onRescue={actions.rescue}
          onUndo={actions.undoRescue}
          onShowAll={() => actions.showView('spam')}
        />
        <MonthFigures months={state.figures} />
        {side}
      </div>
      {confirming && (
        <ConfirmDelete
          lead={confirming}
          onCancel={actions.cancelDelete}
          onConfirm={() => actions.confirmDelete(confirming)}
        />
      )}
    </div>
  )
}
