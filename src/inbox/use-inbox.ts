/**
 * The signed-in inbox's data and what the owner can do with it: the reducer's state (./inbox-state.ts) and the
 * actions the components call. Every action goes through the API (./api-client.ts) and changes the page only
 * through an action of the reducer; each says what happened in the live region (`say`) and names where focus
 * goes next. A 401 anywhere ends the session (`onSignedOut`); any other failure says why and loses nothing.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import {
  DEFAULT_VIEW,
  type Lead,
  type LeadPage,
  type Status,
  type TapWay,
  type View,
} from '../../contract/inbox-api'
import { ApiError, SignedOut, type Filter, type InboxApi } from './api-client'
import { copy, promiseCopy } from './copy'
import { inboxReducer, initialState, type InboxState } from './inbox-state'

/** What main.tsx asked for before React was loaded (the first page, the alert's lead), to be used once. */
export interface Boot {
  firstPage?: Promise<LeadPage>
  selected?: Promise<Lead>
}

/** What a lead's card can do. */
export interface LeadActions {
  /** Resolves to whether the change was saved (the card puts its menu back otherwise). */
  changeStatus(lead: Lead, status: Status, focusId: string): Promise<boolean>
  saveNote(lead: Lead, note: string, focusId: string): Promise<void>
  /** A tap on Llamar, WhatsApp or Correo: the first contact, when none is recorded. */
  tap(lead: Lead, via: TapWay): void
  undoContact(lead: Lead, focusId: string): void
  askDelete(lead: Lead): void
  rescue(lead: Lead): void
}

export interface InboxActions extends LeadActions {
  setView(view: View): void
  search(q: string): void
  loadMore(): void
  /** Reads the view again after it could not be read. */
  retry(): void
  /** Switches to a view and moves focus to the list's heading (the spam panel's «Ver las … en Spam»). */
  showView(view: View): void
  cancelDelete(): void
  confirmDelete(lead: Lead): void
  undoRescue(lead: Lead): void
  closeSelected(): void
  focused(): void
}

const MINUTE_TICK_MS = 30_000

export function useInbox(
  api: InboxApi,
  {
    say,
    onSignedOut,
    selectedId,
    boot,
    noticeShown,
  }: {
    say: (message: string) => void
    /** A 401: the session ended, or GitHub must confirm the account again first (`ended.renew`). */
    onSignedOut: (ended: SignedOut) => void
    selectedId: string | null
    boot?: Boot
    /** Listens for the service worker's word that it showed a notice; returns what stops listening. */
    noticeShown?: (listener: () => void) => () => void
  },
): [InboxState, InboxActions] {
  const [state, dispatch] = useReducer(inboxReducer, selectedId, (id) => initialState(id, Date.now()))
  const filterRef = useRef(state.filter)
  const pageRef = useRef(state.page)
  const bootRef = useRef(boot)
  /** Only the answer to the latest list request is shown (a slow search answer never overwrites a newer one). */
  const ticket = useRef(0)

  useEffect(() => {
    filterRef.current = state.filter
    pageRef.current = state.page
  }, [state.filter, state.page])

  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof SignedOut) onSignedOut(error)
      else say(error instanceof ApiError ? error.message : copy.failed)
    },
    [onSignedOut, say],
  )

  /** A list that could not be read says so in the list itself (./components/lead-list.tsx). */
  const failedToLoad = useCallback(
    (error: unknown) => {
      if (error instanceof SignedOut) onSignedOut(error)
    },
    [onSignedOut],
  )

  const load = useCallback(
    async (filter: Filter, page: number) => {
      const mine = ++ticket.current
      const first = bootRef.current?.firstPage
      bootRef.current = { ...bootRef.current, firstPage: undefined }
      const useFirst = first && page === 1 && filter.view === DEFAULT_VIEW && !filter.q
      try {
        const answer = await (useFirst ? first : api.leads(filter, page))
        if (mine === ticket.current) dispatch({ type: 'loaded', answer, append: page > 1, at: Date.now() })
      } catch (error) {
        // The list says it could not be read, with «Reintentar»; a 401 ends the session.
        if (mine === ticket.current && !(error instanceof SignedOut)) dispatch({ type: 'failed' })
        throw error
      }
    },
    [api],
  )

  /** «Por atender»'s count, the chips' counts and the month figures, again from the server after a change. */
  const refreshCounts = useCallback(async () => {
    const [answer, figures] = await Promise.all([api.leads({ view: DEFAULT_VIEW, q: '' }, 1), api.figures()])
    dispatch({ type: 'counted', answer })
    dispatch({ type: 'figured', months: figures.months })
  }, [api])

  const afterChange = useCallback(() => void refreshCounts().catch(() => undefined), [refreshCounts])

  // The list follows the filter.
  useEffect(() => {
    load(state.filter, 1).catch(failedToLoad)
  }, [state.filter, load, failedToLoad])

  // The figures, once; they follow every change after that (refreshCounts).
  useEffect(() => {
    api
      .figures()
      .then((answer) => dispatch({ type: 'figured', months: answer.months }))
      .catch(() => undefined)
  }, [api])

  // The lead an alert's link names, above the list.
  useEffect(() => {
    if (!selectedId) return
    const pending = bootRef.current?.selected ?? api.lead(selectedId)
    pending
      .then((lead) => dispatch({ type: 'opened', lead }))
      .catch((error: unknown) => {
        if (error instanceof SignedOut) return onSignedOut(error)
        dispatch({ type: 'gone' })
      })
      .finally(() => dispatch({ type: 'focus', id: 'abierta-titulo' }))
  }, [api, selectedId, onSignedOut])

  // "Quedan 5 h" counts down while the page is open.
  useEffect(() => {
    const timer = window.setInterval(() => dispatch({ type: 'tick', at: Date.now() }), MINUTE_TICK_MS)
    return () => window.clearInterval(timer)
  }, [])

  const reload = useCallback(() => load(filterRef.current, 1), [load])

  // A notice shown while the page is open (a new lead, a reminder): the counts, and the list when only its first
  // page is on screen (further pages stay where the owner is reading), come from the server again.
  useEffect(
    () =>
      noticeShown?.(() => {
        if (pageRef.current <= 1) reload().catch(failedToLoad)
        afterChange()
        say(copy.noticeShown)
      }),
    [noticeShown, reload, failedToLoad, afterChange, say],
  )

  /**
   * «No es spam» (to `nuevo`: the panel shows what moved, with «Deshacer») and its undo (back to `spam`): the
   * list and the spam panel come from the server again, then focus goes to `focusId`.
   */
  const moveSpam = useCallback(
    (lead: Lead, status: 'nuevo' | 'spam', message: string, focusId: string) =>
      api
        .update(lead.id, { status })
        .then(async (changed) => {
          dispatch({ type: 'rescued', lead: status === 'nuevo' ? changed : null })
          await reload()
          say(message)
          dispatch({ type: 'focus', id: focusId })
          afterChange()
        })
        .catch(fail),
    [api, reload, say, afterChange, fail],
  )

  const actions = useMemo<InboxActions>(
    () => ({
      setView: (view) => dispatch({ type: 'filtered', filter: { ...filterRef.current, view } }),
      search: (q) => dispatch({ type: 'filtered', filter: { ...filterRef.current, q } }),
      showView(view) {
        dispatch({ type: 'filtered', filter: { ...filterRef.current, view } })
        dispatch({ type: 'focus', id: 'titulo' })
      },
      loadMore: () => void load(filterRef.current, pageRef.current + 1).catch(failedToLoad),
      retry: () => void load(filterRef.current, 1).catch(failedToLoad),

      async changeStatus(lead, status, focusId) {
        try {
          const changed = await api.update(lead.id, { status })
          // Into or out of spam: the spam panel's counts and reasons come from the server again.
          if (lead.status === 'spam' || status === 'spam') await reload()
          else dispatch({ type: 'changed', lead: changed })
          say(copy.statusChanged(lead.name, status))
          dispatch({ type: 'focus', id: focusId })
          afterChange()
          return true
        } catch (error) {
          fail(error)
          return false
        }
      },
      async saveNote(lead, note, focusId) {
        try {
          dispatch({ type: 'changed', lead: await api.update(lead.id, { note }) })
          say(copy.saved)
          dispatch({ type: 'focus', id: focusId })
        } catch (error) {
          fail(error)
        }
      },
      tap(lead, via) {
        if (lead.first_contact_at || lead.status === 'spam') return
        api
          .recordContact(lead.id, via)
          .then((changed) => {
            dispatch({ type: 'changed', lead: changed })
            say(promiseCopy.contactRecorded(lead.name, via))
            afterChange()
          })
          .catch(fail)
      },
      undoContact(lead, focusId) {
        api
          .undoContact(lead.id)
          .then((changed) => {
            dispatch({ type: 'changed', lead: changed })
            say(promiseCopy.contactUndone(lead.name))
            dispatch({ type: 'focus', id: focusId })
            afterChange()
          })
          .catch(fail)
      },
      askDelete: (lead) => dispatch({ type: 'confirm', id: lead.id }),
      cancelDelete: () => dispatch({ type: 'confirm', id: null }),
      confirmDelete(lead) {
        dispatch({ type: 'confirm', id: null })
        api
          .remove(lead.id)
          .then(() => {
            dispatch({ type: 'removed', id: lead.id })
            say(copy.deleted)
            // A deleted lead leaves the month figures and «Por atender»'s count too.
            afterChange()
          })
          .catch(fail)
      },
      rescue: (lead) => moveSpam(lead, 'nuevo', copy.rescued(lead.name), 'deshacer'),
      undoRescue: (lead) => moveSpam(lead, 'spam', copy.undone(lead.name), 'apartadas-titulo'),
      closeSelected() {
        dispatch({ type: 'closed' })
        // The address no longer names the lead: a reload opens the list alone.
        const url = new URL(window.location.href)
        url.searchParams.delete('solicitud')
        window.history.replaceState(window.history.state, '', url)
        dispatch({ type: 'focus', id: 'titulo' })
      },
      focused: () => dispatch({ type: 'focus', id: null }),
    }),
    [api, load, reload, fail, failedToLoad, say, afterChange, moveSpam],
  )

  return [state, actions]
}
