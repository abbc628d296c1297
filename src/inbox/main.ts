/**
 * The owner's lead inbox at /admin/solicitudes/: a small page of its own (vite.inbox.config.ts), never
 * part of the public pages' bundles. Signed out, it offers the GitHub sign-in; signed in, it lists the
 * quote requests newest first with a status filter and a search, one-tap call / WhatsApp / e-mail, the
 * status and a note per lead, the notification state, the CSV export and a delete for good. What the spam
 * filters set aside is never silent: the default view says how many and why, shows the newest, and moves
 * one back to «Nuevo» in one tap («No es spam», with «Deshacer»).
 * Issue 31: «Por atender» (the default view) lists the unanswered leads, emergencies first, then by deadline,
 * each with the time left or how late it is; a tap on Llamar, WhatsApp or Correo (or a status moved on from
 * «Nuevo») records the first contact, undoable; the month figures of the promise sit above the list; the link in
 * an alert (?solicitud=<id>) opens that lead on top.
 * Everything a lead contains is written as text (./dom.ts).
 */
import promise from 'content:promesa'
import { site } from '../config/site'
import type { Lead, MonthFigures, SpamSummary, Status, TapWay } from '../../contract/inbox-api'
import { ownerWhen, spanishDuration } from '../../contract/owner-time'
import {
  ApiError,
  SignedOut,
  deleteLead,
  exportHref,
  loadFigures,
  loadLead,
  loadLeads,
  loadSession,
  recordContact,
  signOut,
  undoContact,
  updateLead,
  type Filter,
  type SessionInfo,
} from './api-client'
import { mailtoHref, telHref, whatsappHref } from '../../contract/contact-links'
import { CHANNEL_LABEL, STATUS_LABEL, copy, notificationText, promiseCopy, spamReasonText } from './copy'
import { h } from './dom'

const STATUSES = Object.keys(STATUS_LABEL) as Status[]
const main = document.getElementById('contenido') as HTMLElement
const toast = document.getElementById('aviso') as HTMLElement

const state: {
  filter: Filter
  page: number
  leads: Lead[]
  total: number
  counts: Record<Status, number>
  spam: SpamSummary
  /** The last lead moved out of spam, until it is undone or another one is moved. */
  rescued: Lead | null
  /** The server's time at the last answer, and this page's clock then: "quedan 5 h" counts from it. */
  serverNow: number
  fetchedAt: number
  unanswered: { total: number; late: number }
} = {
  filter: { estado: 'por-atender', q: '' },
  page: 1,
  leads: [],
  total: 0,
  counts: { nuevo: 0, contactado: 0, cotizado: 0, ganado: 0, perdido: 0, spam: 0 },
  spam: { total: 0, reasons: [], latest: [] },
  rescued: null,
  serverNow: Date.now(),
  fetchedAt: Date.now(),
  unanswered: { total: 0, late: 0 },
}

/** Now, by the server's clock (the owner's phone may be off by minutes; tests move the server's). */
const serverNow = () => state.serverNow + (Date.now() - state.fetchedAt)

function syncClock(now: string): void {
  const parsed = Date.parse(now)
  if (Number.isFinite(parsed)) {
    state.serverNow = parsed
    state.fetchedAt = Date.now()
  }
}

const when = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // 24-hour, as the promise line and the alerts write it (contract/owner-time.ts), in every engine.
  hourCycle: 'h23',
})

/** The spam panel's short dates: the day and time, without the year. */
const shortWhen = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  // 24-hour, as the promise line and the alerts write it (contract/owner-time.ts), in every engine.
  hourCycle: 'h23',
})

function say(message: string): void {
  toast.textContent = ''
  // A fresh text node each time, so a screen reader announces a repeated message too.
  window.setTimeout(() => (toast.textContent = message), 50)
  window.clearTimeout(Number(toast.dataset.timer))
  toast.dataset.timer = String(window.setTimeout(() => (toast.textContent = ''), 5000))
}

function failed(error: unknown): void {
  if (error instanceof SignedOut) return showSignIn(copy.sessionEnded)
  say(error instanceof ApiError ? error.message : copy.failed)
}

/* -- Signed out ------------------------------------------------------------------------------------- */

function showSignIn(message?: string): void {
  document.getElementById('usuario')?.setAttribute('hidden', '')
  main.replaceChildren(
    h(
      'section',
      { class: 'sign-in', 'aria-labelledby': 'titulo' },
      h('h1', { id: 'titulo' }, copy.signInTitle),
      message ? h('p', { class: 'notice', role: 'alert' }, message) : null,
      h('p', {}, copy.signInText),
      h('a', { class: 'button button-primary', href: '/api/inbox/login' }, copy.signIn),
    ),
  )
}

/* -- One lead --------------------------------------------------------------------------------------- */

function leadCard(lead: Lead): HTMLElement {
  const titleId = `lead-${lead.id}`
  const statusId = `estado-${lead.id}`
  const noteId = `nota-${lead.id}`
  const statusSelect = h(
    'select',
    {
      id: statusId,
      onchange: async (event) => {
        const select = event.currentTarget as HTMLSelectElement
        const status = select.value as Status
        try {
          const changed = await updateLead(lead.id, { status })
          // Into or out of spam: the spam panel's counts and reasons come from the server again.
          if (lead.status === 'spam' || status === 'spam') await refresh()
          else replaceLead(changed)
          say(copy.statusChanged(lead.name, status))
          ;(document.getElementById(statusId) ?? document.getElementById('titulo'))?.focus()
        } catch (error) {
          select.value = lead.status
          failed(error)
        }
      },
    },
    ...STATUSES.map((status) =>
      h('option', { value: status, selected: status === lead.status }, STATUS_LABEL[status]),
    ),
  )
  const note = h('textarea', { id: noteId, rows: '2', maxlength: '2000' })
  note.value = lead.note
  const noteForm = h(
    'form',
    {
      class: 'note',
      onsubmit: async (event) => {
        event.preventDefault()
        try {
          replaceLead(await updateLead(lead.id, { note: note.value }))
          say(copy.saved)
          document.getElementById(noteId)?.focus()
        } catch (error) {
          failed(error)
        }
      },
    },
    h('label', { for: noteId }, copy.noteLabel),
    note,
    h('button', { type: 'submit', class: 'button button-quiet' }, copy.saveNote),
  )
  const received = new Date(lead.created_at)
  /** A tap on a way to the client: the link opens as usual; the first contact is recorded beside it. */
  const tap = (via: TapWay) => () => {
    if (lead.first_contact_at || lead.status === 'spam') return
    recordContact(lead.id, via)
      .then((changed) => {
        replaceLead(changed)
        say(promiseCopy.contactRecorded(lead.name, via))
      })
      .catch(failed)
  }
  return h(
    'li',
    { class: `lead${lead.urgent && lead.status !== 'spam' ? ' lead-urgent' : ''}`, 'data-id': lead.id },
    h(
      'article',
      { 'aria-labelledby': titleId },
      h(
        'header',
        { class: 'lead-head' },
        // Focusable from script only: where focus goes after the lead above it is deleted.
        h('h2', { id: titleId, tabindex: '-1' }, lead.name),
        lead.urgent && lead.status !== 'spam'
          ? h('span', { class: 'badge badge-urgent' }, promiseCopy.urgent)
          : null,
        h('span', { class: `badge badge-${lead.status}` }, STATUS_LABEL[lead.status]),
      ),
      lead.status === 'spam' ? null : promiseLine(lead),
      h(
        'div',
        { class: 'lead-body' },
        h(
          'p',
          { class: 'meta' },
          h('time', { datetime: lead.created_at }, `${copy.received}: ${when.format(received)}`),
          ' · ',
          `${copy.service}: ${lead.service}`,
        ),
        lead.spam_reason
          ? h(
              'p',
              { class: lead.status === 'spam' ? 'meta spam-reason' : 'meta' },
              `${lead.status === 'spam' ? copy.spamReason : copy.wasSpam}: ${spamReasonText(lead.spam_reason)}.`,
            )
          : null,
        h('p', { class: 'message' }, lead.message),
        h('p', { class: 'contact-line' }, h('span', {}, lead.phone), ' · ', h('span', {}, lead.email)),
        h(
          'div',
          { class: 'actions' },
          h(
            'a',
            { class: 'button button-call', href: telHref(lead.phone), onclick: tap('llamada') },
            copy.call,
          ),
          h(
            'a',
            {
              class: 'button button-whatsapp',
              href: whatsappHref(lead.phone, lead.name, lead.service),
              target: '_blank',
              rel: 'noopener noreferrer',
              onclick: tap('whatsapp'),
            },
            copy.whatsapp,
          ),
          h(
            'a',
            {
              class: 'button button-mail',
              href: mailtoHref(lead.email, lead.service, site.brand),
              onclick: tap('correo'),
            },
            copy.email,
          ),
        ),
        lead.status === 'spam' ? notSpamButton(lead, titleId) : null,
      ),
      h(
        'div',
        { class: 'lead-side' },
        h('div', { class: 'field' }, h('label', { for: statusId }, copy.statusLabel), statusSelect),
        noteForm,
        lead.notifications.length
          ? h(
              'ul',
              { class: 'notifications' },
              ...lead.notifications.map((notification) =>
                h(
                  'li',
                  { class: `notification notification-${notification.state}` },
                  `${CHANNEL_LABEL[notification.channel]}: ${notificationText(notification)}`,
                ),
              ),
            )
          : null,
      ),
      h(
        'footer',
        { class: 'lead-foot' },
        lead.page ? h('span', { class: 'meta' }, `${copy.fromPage} ${lead.page}`) : null,
        h(
          'button',
          { type: 'button', class: 'button button-danger', onclick: () => confirmDelete(lead) },
          copy.delete,
        ),
      ),
    ),
  )
}

/**
 * The promise, on one line under the name: the time left ("Quedan 5 h · vence hoy a las 18:00"), how late
 * ("Vencida hace 2 h"), or the first contact ("Primer contacto a 1 h 20 min, por WhatsApp · a tiempo") with
 * «Deshacer» when a tap recorded it.
 */
function promiseLine(lead: Lead): HTMLElement {
  const now = serverNow()
  if (lead.first_contact_at && lead.first_contact_via) {
    const after = Date.parse(lead.first_contact_at) - Date.parse(lead.created_at)
    const inTime = lead.due_at ? lead.first_contact_at <= lead.due_at : null
    const tapped = lead.first_contact_via !== 'estado'
    return h(
      'div',
      { class: 'promise promise-answered' },
      h(
        'p',
        {},
        promiseCopy.answered(after, lead.first_contact_via),
        inTime === null ? '' : ` · ${inTime ? promiseCopy.answeredInTime : promiseCopy.answeredLate}`,
      ),
      tapped
        ? h(
            'button',
            {
              type: 'button',
              class: 'button button-quiet button-small',
              'aria-describedby': `lead-${lead.id}`,
              title: promiseCopy.undoHint,
              onclick: () => void undo(lead),
            },
            promiseCopy.undoContact,
          )
        : null,
    )
  }
  if (!lead.due_at) return h('div', { class: 'promise' }, h('p', {}, promiseCopy.noDeadline))
  const due = Date.parse(lead.due_at)
  const left = due - now
  const when = ownerWhen(new Date(due), new Date(now))
  return h(
    'div',
    { class: `promise ${left <= 0 ? 'promise-late' : 'promise-open'}` },
    h(
      'p',
      {},
      h('strong', {}, left > 0 ? promiseCopy.left(left) : promiseCopy.late(-left)),
      ' · ',
      h('time', { datetime: lead.due_at }, left > 0 ? promiseCopy.dueAt(when) : promiseCopy.dueWas(when)),
    ),
  )
}

async function undo(lead: Lead): Promise<void> {
  try {
    const changed = await undoContact(lead.id)
    replaceLead(changed)
    say(promiseCopy.contactUndone(lead.name))
    document.getElementById(`lead-${lead.id}`)?.focus()
  } catch (error) {
    failed(error)
  }
}

function replaceLead(lead: Lead): void {
  const before = state.leads.find((candidate) => candidate.id === lead.id)
  if (before && before.status !== lead.status) {
    state.counts[before.status] -= 1
    state.counts[lead.status] += 1
    renderCounts()
  }
  state.leads = state.leads.map((candidate) => (candidate.id === lead.id ? lead : candidate))
  for (const card of document.querySelectorAll(`li.lead[data-id="${CSS.escape(lead.id)}"]`))
    card.replaceWith(leadCard(lead))
  // Answered or back: «Por atender»'s count and the month figures follow (the card stays where it is until
  // the view is loaded again, so a «Deshacer» is still one tap away).
  void refreshCounts().catch(() => undefined)
}

/** «Por atender»'s count and the figures, again from the server. */
async function refreshCounts(): Promise<void> {
  const answer = await loadLeads({ estado: 'por-atender', q: '' }, 1)
  state.unanswered = answer.unanswered
  renderCounts()
  await renderFigures()
}

function confirmDelete(lead: Lead): void {
  const dialog = h(
    'dialog',
    { class: 'confirm', 'aria-labelledby': 'confirmar-titulo', 'aria-describedby': 'confirmar-texto' },
    h('h2', { id: 'confirmar-titulo' }, copy.confirmTitle),
    h('p', { class: 'confirm-name' }, `${lead.name} · ${lead.phone}`),
    h('p', { id: 'confirmar-texto' }, copy.confirmText),
    h(
      'form',
      { method: 'dialog', class: 'confirm-actions' },
      h('button', { value: 'cancel', class: 'button button-quiet', autofocus: true }, copy.cancel),
      h('button', { value: 'delete', class: 'button button-danger' }, copy.confirmDelete),
    ),
  )
  dialog.addEventListener('close', async () => {
    dialog.remove()
    if (dialog.returnValue !== 'delete') return
    try {
      await deleteLead(lead.id)
      const item = document.querySelector(`li.lead[data-id="${CSS.escape(lead.id)}"]`)
      const next = (item?.nextElementSibling ?? item?.previousElementSibling) as HTMLElement | null
      item?.remove()
      state.leads = state.leads.filter((candidate) => candidate.id !== lead.id)
      state.total -= 1
      state.counts[lead.status] -= 1
      renderCounts()
      updateCount()
      say(copy.deleted)
      // A deleted lead leaves the month figures and «Por atender»'s count too.
      void refreshCounts().catch(() => undefined)
      ;(next?.querySelector('h2') ?? document.getElementById('titulo'))?.focus()
    } catch (error) {
      failed(error)
    }
  })
  document.body.append(dialog)
  dialog.showModal()
}

/* -- What the spam filters set aside ---------------------------------------------------------------- */

/** «No es spam»: one tap moves the lead to «Nuevo»; `describedBy` names the lead for a screen reader. */
function notSpamButton(lead: Lead, describedBy: string): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'button button-rescue',
      'aria-describedby': describedBy,
      onclick: () => void rescue(lead),
    },
    copy.notSpam,
  )
}

async function rescue(lead: Lead): Promise<void> {
  try {
    state.rescued = await updateLead(lead.id, { status: 'nuevo' })
    await refresh()
    say(copy.rescued(lead.name))
    document.getElementById('deshacer')?.focus()
  } catch (error) {
    failed(error)
  }
}

async function undoRescue(lead: Lead): Promise<void> {
  try {
    await updateLead(lead.id, { status: 'spam' })
    state.rescued = null
    await refresh()
    say(copy.undone(lead.name))
    document.getElementById('apartadas-titulo')?.focus()
  } catch (error) {
    failed(error)
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The panel above the list: how many leads are set aside as spam and why, in every view; in the default view
 * the newest few, each with «No es spam»; after a rescue, what moved and «Deshacer» (no time limit).
 */
function renderSpamPanel(): void {
  const panel = document.getElementById('apartadas')
  if (!panel) return
  const { spam, rescued } = state
  panel.toggleAttribute('hidden', spam.total === 0 && !rescued)
  const inDefaultView = state.filter.estado === 'todas' || state.filter.estado === 'por-atender'
  const latest = inDefaultView ? spam.latest : []
  const parts: (HTMLElement | null)[] = [
    h('h2', { id: 'apartadas-titulo', tabindex: '-1' }, copy.spamTitle(spam.total)),
    spam.total > 0 ? h('p', { class: 'spam-text' }, copy.spamText) : null,
    spam.reasons.length
      ? h(
          'ul',
          { class: 'spam-reasons' },
          ...spam.reasons.map(({ reason, count }) =>
            h(
              'li',
              {},
              h('span', { class: 'spam-count' }, String(count)),
              ' ',
              spamReasonText(reason, count),
            ),
          ),
        )
      : null,
    rescued
      ? h(
          'div',
          { class: 'spam-rescued' },
          h('p', {}, copy.rescued(rescued.name)),
          h(
            'button',
            {
              type: 'button',
              id: 'deshacer',
              class: 'button button-quiet',
              onclick: () => void undoRescue(rescued),
            },
            copy.undo,
          ),
        )
      : null,
    latest.length
      ? h(
          'div',
          { class: 'spam-latest' },
          h('h3', { id: 'apartadas-recientes' }, copy.spamLatest),
          h(
            'ul',
            { 'aria-labelledby': 'apartadas-recientes' },
            ...latest.map((lead) => {
              const nameId = `apartada-${lead.id}`
              return h(
                'li',
                { class: 'spam-item', 'data-id': lead.id },
                h('p', { class: 'spam-name', id: nameId }, lead.name),
                notSpamButton(lead, nameId),
                h(
                  'p',
                  { class: 'meta spam-meta' },
                  h('time', { datetime: lead.created_at }, shortWhen.format(new Date(lead.created_at))),
                  ' · ',
                  `${capitalized(spamReasonText(lead.spam_reason))}.`,
                ),
                h('p', { class: 'spam-excerpt' }, `${lead.service}: ${lead.message}`),
              )
            }),
          ),
        )
      : null,
    inDefaultView && spam.total > 0
      ? h(
          'button',
          { type: 'button', class: 'button button-quiet spam-all', onclick: () => showStatus('spam') },
          copy.spamAll(spam.total),
        )
      : null,
  ]
  panel.replaceChildren(...parts.filter((part): part is HTMLElement => part !== null))
}

/** Switches the filter to `status`, as tapping its chip does. */
function showStatus(status: Filter['estado']): void {
  const radio = document.querySelector<HTMLInputElement>(`input[name="estado"][value="${status}"]`)
  if (radio) radio.checked = true
  state.filter.estado = status
  void refresh()
    .then(() => document.getElementById('titulo')?.focus())
    .catch(failed)
}

/* -- The list ---------------------------------------------------------------------------------------- */

function updateCount(): void {
  const count = document.getElementById('cuenta')
  if (count) count.textContent = copy.count(state.leads.length, state.total)
  document.getElementById('mas')?.toggleAttribute('hidden', state.leads.length >= state.total)
  const list = document.getElementById('lista')
  document.getElementById('vacio')?.toggleAttribute('hidden', (list?.childElementCount ?? 0) > 0)
}

/** The number on each filter chip; "Todas" counts every status but spam. */
function renderCounts(): void {
  for (const status of STATUSES) {
    const count = document.querySelector(`[data-count="${status}"]`)
    if (count) count.textContent = String(state.counts[status])
  }
  const due = document.querySelector('[data-count="por-atender"]')
  if (due) due.textContent = String(state.unanswered.total)
  const late = document.getElementById('vencidas')
  if (late) {
    late.textContent = state.unanswered.late ? promiseCopy.lateCount(state.unanswered.late) : ''
    late.toggleAttribute('hidden', state.unanswered.late === 0)
  }
  const all = document.querySelector('[data-count="todas"]')
  if (all)
    all.textContent = String(
      STATUSES.filter((s) => s !== 'spam').reduce((sum, s) => sum + state.counts[s], 0),
    )
}

async function refresh(append = false): Promise<void> {
  const page = append ? state.page + 1 : 1
  const answer = await loadLeads(state.filter, page)
  syncClock(answer.now)
  state.unanswered = answer.unanswered
  state.page = page
  state.total = answer.total
  state.leads = append ? [...state.leads, ...answer.leads] : answer.leads
  const list = document.getElementById('lista') as HTMLOListElement
  const cards = answer.leads.map(leadCard)
  if (append) list.append(...cards)
  else list.replaceChildren(...cards)
  ;(document.getElementById('exportar') as HTMLAnchorElement).href = exportHref(state.filter)
  state.counts = answer.counts
  state.spam = answer.spam
  renderCounts()
  renderSpamPanel()
  updateCount()
  const empty = document.getElementById('vacio')
  if (empty)
    empty.textContent =
      state.filter.estado === 'por-atender' && !state.filter.q ? promiseCopy.caughtUp : copy.none
  list.setAttribute('aria-busy', 'false')
  if (!append) await renderFigures()
}

/* -- The promise measured --------------------------------------------------------------------------------- */

function figureCard(figures: MonthFigures, current: boolean): HTMLElement {
  const headingId = `cifras-${figures.month}`
  return h(
    'section',
    { class: 'figures-month', 'aria-labelledby': headingId },
    h('h3', { id: headingId }, promiseCopy.figuresMonth(figures.month, current)),
    h(
      'dl',
      {},
      h('div', {}, h('dt', {}, promiseCopy.received), h('dd', {}, String(figures.received))),
      h(
        'div',
        {},
        h('dt', {}, promiseCopy.inTime),
        h('dd', {}, promiseCopy.inTimeOf(figures.inTime, figures.withDeadline)),
      ),
      h(
        'div',
        {},
        h('dt', {}, promiseCopy.median),
        h(
          'dd',
          {},
          figures.medianMinutes === null
            ? promiseCopy.noMedian
            : spanishDuration(figures.medianMinutes * 60_000),
        ),
      ),
    ),
  )
}

async function renderFigures(): Promise<void> {
  const panel = document.getElementById('cifras')
  if (!panel) return
  const { months } = await loadFigures()
  const [current, last] = months
  panel.replaceChildren(
    h('h2', { id: 'cifras-titulo' }, promiseCopy.figuresTitle),
    h('p', { class: 'figures-note' }, promiseCopy.figuresNote(promise.answerHours, promise.emergencyHours)),
    h(
      'div',
      { class: 'figures-months' },
      ...(current ? [figureCard(current, true)] : []),
      ...(last ? [figureCard(last, false)] : []),
    ),
  )
  panel.removeAttribute('hidden')
}

/** The lead an alert's link names (?solicitud=<id>), on top of the list. */
async function showOpened(): Promise<void> {
  const id = new URLSearchParams(location.search).get('solicitud')
  const section = document.getElementById('abierta')
  if (!id || !section) return
  try {
    const lead = await loadLead(id)
    section.replaceChildren(
      h('h2', { id: 'abierta-titulo', class: 'opened-title', tabindex: '-1' }, promiseCopy.opened),
      h('ol', { class: 'leads', 'aria-labelledby': 'abierta-titulo' }, leadCard(lead)),
    )
  } catch (error) {
    if (error instanceof SignedOut) return showSignIn(copy.sessionEnded)
    section.replaceChildren(h('p', { class: 'notice' }, promiseCopy.openedGone))
  }
  section.removeAttribute('hidden')
  document.getElementById('abierta-titulo')?.focus()
}

function filterChips(): HTMLElement {
  const chip = (value: Filter['estado'], label: string) =>
    h(
      'label',
      { class: 'chip' },
      h('input', {
        type: 'radio',
        name: 'estado',
        value,
        checked: state.filter.estado === value,
        onchange: () => {
          state.filter.estado = value
          void refresh().catch(failed)
        },
      }),
      h('span', {}, label),
      ' ',
      h('span', { class: 'chip-count', 'data-count': value }, ''),
    )
  return h(
    'fieldset',
    { class: 'chips' },
    h('legend', { class: 'visually-hidden' }, copy.filterLegend),
    chip('por-atender', copy.dueView),
    chip('todas', copy.allStatuses),
    ...STATUSES.map((status) => chip(status, STATUS_LABEL[status])),
  )
}

function showInbox(session: SessionInfo): void {
  document.getElementById('usuario-nombre')!.textContent = session.login
  document.getElementById('usuario')!.removeAttribute('hidden')
  let typing = 0
  const search = h('input', {
    type: 'search',
    id: 'buscar',
    name: 'q',
    placeholder: copy.searchPlaceholder,
    autocomplete: 'off',
    enterkeyhint: 'search',
    oninput: () => {
      window.clearTimeout(typing)
      typing = window.setTimeout(() => {
        state.filter.q = search.value
        void refresh().catch(failed)
      }, 300)
    },
  })
  main.replaceChildren(
    h(
      'div',
      { class: 'toolbar' },
      h('h1', { id: 'titulo', tabindex: '-1' }, copy.title),
      h(
        'form',
        {
          role: 'search',
          class: 'search',
          onsubmit: (event) => {
            event.preventDefault()
            window.clearTimeout(typing)
            state.filter.q = search.value
            void refresh().catch(failed)
          },
        },
        h('label', { for: 'buscar', class: 'visually-hidden' }, copy.searchLabel),
        search,
      ),
      filterChips(),
      h(
        'div',
        { class: 'summary' },
        h('p', { id: 'cuenta', role: 'status' }, ''),
        h('p', { id: 'vencidas', class: 'late-count', hidden: true }, ''),
        h(
          'a',
          { id: 'exportar', class: 'button button-quiet', href: exportHref(state.filter), download: '' },
          copy.export,
        ),
      ),
    ),
    h('section', { id: 'abierta', class: 'opened', hidden: true, 'aria-labelledby': 'abierta-titulo' }),
    h('section', { id: 'cifras', class: 'figures', hidden: true, 'aria-labelledby': 'cifras-titulo' }),
    h('section', {
      id: 'apartadas',
      class: 'spam-panel',
      'aria-labelledby': 'apartadas-titulo',
      hidden: true,
    }),
    h('ol', { id: 'lista', class: 'leads', 'aria-labelledby': 'titulo', 'aria-busy': 'true' }),
    h('p', { id: 'vacio', class: 'empty', hidden: true }, copy.none),
    h(
      'button',
      {
        type: 'button',
        id: 'mas',
        class: 'button button-quiet more',
        hidden: true,
        onclick: () => void refresh(true).catch(failed),
      },
      copy.more,
    ),
  )
  void refresh().catch(failed)
  void showOpened()
}

/* -- Start -------------------------------------------------------------------------------------------- */

document.getElementById('marca')!.textContent = site.brand
document.getElementById('salir')!.addEventListener('click', async () => {
  try {
    await signOut()
  } catch {
    /* signed out either way */
  }
  showSignIn(copy.signedOut)
})
loadSession()
  .then(showInbox)
  .catch((error: unknown) => {
    if (error instanceof SignedOut) return showSignIn()
    main.replaceChildren(
      h(
        'section',
        { class: 'sign-in', 'aria-labelledby': 'titulo' },
        h('h1', { id: 'titulo' }, copy.signInTitle),
        h(
          'p',
          { class: 'notice', role: 'alert' },
          error instanceof ApiError ? error.message : copy.unreachable,
        ),
        h(
          'button',
          { type: 'button', class: 'button button-primary', onclick: () => location.reload() },
          copy.retry,
        ),
      ),
    )
  })
