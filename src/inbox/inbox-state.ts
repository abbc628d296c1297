/**
 * The inbox's state, in one place: a pure reducer over what the API answered (src/inbox/use-inbox.ts sends
 * the actions). Every card, count and panel is drawn from it; nothing on the page is changed by hand.
 * `selected` is the lead an alert's link names (?solicitud=<id>, read once on load), `focus` the element
 * the page moves focus to after the next render (src/inbox/components/inbox-view.tsx), `clock` the server's
 * time as of the last answer, so "Quedan 5 h" counts from the server's clock, not the phone's.
 */
import {
  DEFAULT_VIEW,
  STATUSES,
  type Lead,
  type LeadPage,
  type MonthFigures,
  type SpamSummary,
  type Status,
} from '../../contract/inbox-api'
import type { Filter } from './api-client'

/** The server's time at the last answer, and the page's clock then and now (ms since the epoch). */
export interface ServerClock {
  server: number
  fetchedAt: number
  localNow: number
}

/** Now by the server's clock. */
export const serverNow = (clock: ServerClock) => clock.server + (clock.localNow - clock.fetchedAt)

export interface SelectedLead {
  id: string
  /** The lead, once loaded; null while loading or when it no longer exists (`gone`). */
  lead: Lead | null
  gone: boolean
}

export interface InboxState {
  filter: Filter
  /** The last page loaded (25 leads a page). */
  page: number
  /** `loading` until the first answer for this filter, then `ready`; `failed` when the list could not be read. */
  list: 'loading' | 'ready' | 'failed'
  leads: Lead[]
  total: number
  counts: Record<Status, number>
  unanswered: { total: number; late: number }
  spam: SpamSummary
  /** The last lead moved out of spam, until it is undone or another one is moved. */
  rescued: Lead | null
  figures: MonthFigures[] | null
  selected: SelectedLead | null
  /** The id of the lead whose delete waits for the owner's confirmation. */
  confirming: string | null
  focus: string | null
  clock: ServerClock
}

export type InboxAction =
  | { type: 'filtered'; filter: Filter }
  | { type: 'loaded'; answer: LeadPage; append: boolean; at: number }
  | { type: 'failed' }
  | { type: 'counted'; answer: Pick<LeadPage, 'counts' | 'unanswered'> }
  | { type: 'figured'; months: MonthFigures[] }
  | { type: 'changed'; lead: Lead }
  | { type: 'removed'; id: string }
  | { type: 'rescued'; lead: Lead | null }
  | { type: 'opened'; lead: Lead }
  | { type: 'gone' }
  | { type: 'closed' }
  | { type: 'confirm'; id: string | null }
  | { type: 'focus'; id: string | null }
  | { type: 'tick'; at: number }

const noCounts = () => Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<Status, number>

export function initialState(selectedId: string | null, at: number): InboxState {
  return {
    filter: { view: DEFAULT_VIEW, q: '' },
    page: 1,
    list: 'loading',
    leads: [],
    total: 0,
    counts: noCounts(),
    unanswered: { total: 0, late: 0 },
    spam: { total: 0, reasons: [], latest: [] },
    rescued: null,
    figures: null,
    selected: selectedId ? { id: selectedId, lead: null, gone: false } : null,
    confirming: null,
    focus: null,
    clock: { server: at, fetchedAt: at, localNow: at },
  }
}

/** The id of a lead's name heading: focus goes there after its neighbour is deleted or a tap is undone. */
export const leadHeadingId = (id: string, prefix = '') => `${prefix}lead-${id}`

const replace = (leads: Lead[], lead: Lead) =>
  leads.map((candidate) => (candidate.id === lead.id ? lead : candidate))

export function inboxReducer(state: InboxState, action: InboxAction): InboxState {
  switch (action.type) {
    case 'filtered':
      return { ...state, filter: action.filter, list: 'loading' }
    case 'loaded': {
      const { answer, append, at } = action
      const parsed = Date.parse(answer.now)
      return {
        ...state,
        list: 'ready',
        page: answer.page,
        leads: append ? [...state.leads, ...answer.leads] : answer.leads,
        total: answer.total,
        counts: answer.counts,
        unanswered: answer.unanswered,
        spam: answer.spam,
        clock: Number.isFinite(parsed) ? { server: parsed, fetchedAt: at, localNow: at } : state.clock,
      }
    }
    case 'failed':
      return { ...state, list: 'failed' }
    case 'counted':
      return { ...state, counts: action.answer.counts, unanswered: action.answer.unanswered }
    case 'figured':
      return { ...state, figures: action.months }
    case 'changed': {
      const { lead } = action
      const before = state.leads.find((candidate) => candidate.id === lead.id) ?? state.selected?.lead
      const counts = { ...state.counts }
      if (before && before.status !== lead.status) {
        counts[before.status] -= 1
        counts[lead.status] += 1
      }
      // The card stays where it is (answered, it leaves «Por atender» at the next load), so «Deshacer» is
      // still one tap away.
      return {
        ...state,
        counts,
        leads: replace(state.leads, lead),
        selected: state.selected?.id === lead.id ? { ...state.selected, lead, gone: false } : state.selected,
      }
    }
    case 'removed': {
      const index = state.leads.findIndex((lead) => lead.id === action.id)
      const removed = state.leads[index] ?? state.selected?.lead
      const next = index >= 0 ? (state.leads[index + 1] ?? state.leads[index - 1]) : undefined
      const counts = { ...state.counts }
      if (removed) counts[removed.status] -= 1
      return {
        ...state,
        leads: state.leads.filter((lead) => lead.id !== action.id),
        total: index >= 0 ? state.total - 1 : state.total,
        counts,
        selected:
          state.selected?.id === action.id ? { ...state.selected, lead: null, gone: true } : state.selected,
        confirming: null,
        // Focus moves to the next lead's name (the one above when it was the last), not to the top.
        focus: next ? leadHeadingId(next.id) : 'titulo',
      }
    }
    case 'rescued':
      return { ...state, rescued: action.lead }
    case 'opened':
      return state.selected ? { ...state, selected: { ...state.selected, lead: action.lead } } : state
    case 'gone':
      return state.selected ? { ...state, selected: { ...state.selected, gone: true } } : state
    case 'closed':
      return { ...state, selected: null }
    case 'confirm':
      return { ...state, confirming: action.id }
    case 'focus':
      return { ...state, focus: action.id }
    case 'tick':
      return { ...state, clock: { ...state.clock, localNow: action.at } }
  }
}

/** «Todas» counts every status but spam. */
export const allButSpam = (counts: Record<Status, number>) =>
  STATUSES.filter((status) => status !== 'spam').reduce((sum, status) => sum + counts[status], 0)
