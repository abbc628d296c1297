/**
 * The owner's inbox (src/inbox/, React) rendered by Testing Library over an API that answers from memory (the
 * same typed `InboxApi` the page gets from src/inbox/api-client.ts): what the browser suites
 * (test/owner/inbox*.test.ts, against the real API in Chromium and WebKit) do not reach: an unreachable API, a
 * refused change, «Deshacer» and where focus goes, «Cancelar», a list that cannot be read, a session that
 * ends or must be renewed, the month figures' edge cases, the API client's requests.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Lead, LeadPage, MonthFigures, SessionAnswer, Status } from '../../contract/inbox-api'
import { ApiError, SignedOut, createApiClient, type Filter, type InboxApi } from '../../src/inbox/api-client'
import { InboxApp } from '../../src/inbox/app'
import { MonthFigures as Figures } from '../../src/inbox/components/month-figures'

// jsdom has <dialog> without its modal methods: open and close it as a browser does, close event included.
beforeAll(() => {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal(): void }
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.close = function (this: HTMLDialogElement, value?: string) {
    if (value !== undefined) this.returnValue = value
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
})

/** The server's time: Wednesday 25 November 2026, 10:00 in Puebla. */
const NOW = Date.parse('2026-11-25T16:00:00.000Z')
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString()

function lead(id: string, name: string, extra: Partial<Lead> = {}): Lead {
  return {
    id,
    created_at: at(-1),
    name,
    email: `${id}@example.com`,
    phone: '222 555 0101',
    service: 'Mantenimiento Regular',
    message: 'Necesito ayuda con mi alberca.',
    page: '/contacto',
    status: 'nuevo',
    spam_reason: null,
    note: '',
    updated_at: at(-1),
    due_at: at(23),
    urgent: 0,
    first_contact_at: null,
    first_contact_via: null,
    notifications: [],
    ...extra,
  }
}

const jorge = () =>
  lead('jorge', 'Jorge Ruiz', {
    service: 'Servicio de Emergencia',
    urgent: 1,
    created_at: at(-0.5),
    due_at: at(1.5),
  })
const rosa = () => lead('rosa', 'Rosa Delgado', { created_at: at(-26), due_at: at(-2) })
const laura = () => lead('laura', 'Laura Méndez')
const mariana = () =>
  lead('mariana', 'Mariana Torres', { status: 'spam', spam_reason: 'too-fast', due_at: null })
const casino = () => lead('casino', 'Casino Bonus', { status: 'spam', spam_reason: 'honeypot', due_at: null })

const month = (key: string, figures: Partial<MonthFigures> = {}): MonthFigures => ({
  month: key,
  received: 0,
  withDeadline: 0,
  inTime: 0,
  answeredLate: 0,
  unanswered: 0,
  overdue: 0,
  answered: 0,
  medianMinutes: null,
  ...figures,
})

/**
 * The API over a list of leads, in memory: «Por atender» is `nuevo` without a first contact, emergencies
 * first; the other views filter by status (spam apart). Every method is a jest.fn, so a test can see what was
 * sent or make one fail.
 */
function fakeApi(leads: Lead[], session: () => Promise<SessionAnswer> = async () => SESSION) {
  const store = new Map(leads.map((one) => [one.id, one]))
  const unanswered = () =>
    [...store.values()].filter((one) => one.status === 'nuevo' && !one.first_contact_at)
  const page = (filter: Filter): LeadPage => {
    const all = [...store.values()]
    const counts = { nuevo: 0, contactado: 0, cotizado: 0, ganado: 0, perdido: 0, spam: 0 }
    for (const one of all) counts[one.status] += 1
    const shown =
      filter.view === 'por-atender'
        ? unanswered().sort((a, b) => b.urgent - a.urgent || (a.due_at ?? '').localeCompare(b.due_at ?? ''))
        : all.filter((one) => (filter.view === 'todas' ? one.status !== 'spam' : one.status === filter.view))
    const spam = all.filter((one) => one.status === 'spam')
    return {
      now: at(0),
      leads: shown,
      total: shown.length,
      page: 1,
      pageSize: 25,
      counts,
      unanswered: {
        total: unanswered().length,
        late: unanswered().filter((one) => one.due_at && Date.parse(one.due_at) <= NOW).length,
      },
      spam: {
        total: spam.length,
        reasons: spam.length ? [{ reason: 'too-fast', count: spam.length }] : [],
        latest: filter.view === 'por-atender' || filter.view === 'todas' ? spam : [],
      },
    }
  }
  const changed = (id: string, change: Partial<Lead>) => {
    const next = { ...store.get(id)!, ...change }
    store.set(id, next)
    return next
  }
  const api = {
    session: jest.fn(session),
    leads: jest.fn(async (filter: Filter) => page(filter)),
    lead: jest.fn(async (id: string) => {
      const found = store.get(id)
      if (!found) throw new ApiError('Esa solicitud ya no existe.')
      return found
    }),
    figures: jest.fn(async () => ({ now: at(0), months: [month('2026-11'), month('2026-10')] })),
    update: jest.fn(async (id: string, change: { status?: Status; note?: string }) => changed(id, change)),
    remove: jest.fn(async (id: string) => void store.delete(id)),
    recordContact: jest.fn(async (id: string, via: Lead['first_contact_via']) =>
      changed(id, { first_contact_at: at(0), first_contact_via: via }),
    ),
    undoContact: jest.fn(async (id: string) =>
      changed(id, { first_contact_at: null, first_contact_via: null }),
    ),
    signOut: jest.fn(async () => undefined),
    exportHref: (filter: Filter) => `/api/inbox/export.csv?estado=${filter.view}`,
  } satisfies InboxApi
  /** A lead the site just took (it is on the server; the page has not read it yet). */
  const arrive = (one: Lead) => void store.set(one.id, one)
  return Object.assign(api, { arrive })
}

const SESSION: SessionAnswer = { login: 'duena-aquapuebla', csrf: 'token', expiresAt: at(12) }

function open(api: InboxApi, selectedId: string | null = null, navigate?: (url: string) => void) {
  const user = userEvent.setup()
  render(<InboxApp api={api} selectedId={selectedId} navigate={navigate} />)
  return user
}

const names = () =>
  within(screen.getByRole('list', { name: 'Solicitudes' }))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
const card = (name: string) => screen.getByRole('article', { name })
const toast = (text: string) =>
  waitFor(() => expect(screen.getByText(text, { selector: '#aviso' })).toBeVisible())

test.each([
  ['session', 'No se pudo abrir la bandeja. Revisa tu conexión.'],
  ['leads', 'No se pudo cargar la lista.'],
] as const)(
  'an API whose %s cannot be reached: «%s» in an alert, and «Reintentar» asks again',
  async (method, alert) => {
    const api = fakeApi([laura()])
    api[method].mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const user = open(api)
    expect(await screen.findByRole('alert')).toHaveTextContent(alert)
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('heading', { name: 'Laura Méndez' })).toBeInTheDocument()
    expect(api[method]).toHaveBeenCalledTimes(2)
  },
)

// The service worker's word, sent once the notification is on screen, in Chromium: test/owner/inbox-push.test.ts.
test('a notice shown while the inbox is open: the new lead is listed first, the counts follow, and it is said', async () => {
  const api = fakeApi([laura()])
  let heard = () => undefined as void
  const stopped = jest.fn()
  const noticeShown = (listener: () => void) => ((heard = listener), stopped)
  const { unmount } = render(<InboxApp api={api} push={{ noticeShown }} />)
  await screen.findByRole('heading', { name: 'Laura Méndez' })
  const due = () => screen.getByRole('radio', { name: /^Por atender/ })
  expect(due()).toHaveAccessibleName('Por atender 1')

  api.arrive(jorge())
  act(() => heard())
  await toast('Llegó un aviso nuevo.')
  await waitFor(() => expect(names()).toEqual(['Jorge Ruiz', 'Laura Méndez']))
  await waitFor(() => expect(due()).toHaveAccessibleName('Por atender 2'))
  unmount()
  expect(stopped).toHaveBeenCalled()
})

// Saved, said and counted in Chromium and WebKit: test/owner/inbox.test.ts «on the phone: sign in with GitHub…».
test('a status change keeps focus on its menu, and a refused one puts the menu back', async () => {
  const api = fakeApi([rosa(), laura()])
  const user = open(api)
  await screen.findByRole('heading', { name: 'Rosa Delgado' })
  const status = within(card('Rosa Delgado')).getByRole('combobox', { name: 'Estado' })
  await user.selectOptions(status, 'Contactado')
  await toast('Rosa Delgado: ahora «Contactado».')
  expect(status).toHaveFocus()

  api.update.mockRejectedValueOnce(new ApiError('Estado no válido.'))
  const other = within(card('Laura Méndez')).getByRole('combobox', { name: 'Estado' })
  await user.selectOptions(other, 'Ganado')
  await toast('Estado no válido.')
  expect(other).toHaveValue('nuevo')
})

// Recorded, shown on the card and counted in Chromium and WebKit: test/owner/inbox-promise.test.ts «a tap on
// WhatsApp is the first contact, «Deshacer» takes it back…».
test('a tap on WhatsApp and its «Deshacer» are said, and focus goes back to the name', async () => {
  const user = open(fakeApi([laura(), rosa()]))
  await screen.findByRole('heading', { name: 'Laura Méndez' })
  await user.click(within(card('Laura Méndez')).getByRole('link', { name: 'WhatsApp' }))
  await toast('Laura Méndez: anotamos tu primer contacto por WhatsApp.')
  await user.click(within(card('Laura Méndez')).getByRole('button', { name: 'Deshacer' }))
  await toast('Laura Méndez volvió a «Por atender».')
  expect(screen.getByRole('heading', { name: 'Laura Méndez' })).toHaveFocus()
})

test('a delete asks first, focused on «Cancelar», which keeps the lead', async () => {
  const api = fakeApi([jorge(), rosa(), laura()])
  const user = open(api)
  await screen.findByRole('heading', { name: 'Rosa Delgado' })
  await user.click(within(card('Rosa Delgado')).getByRole('button', { name: 'Eliminar' }))
  const dialog = screen.getByRole('dialog', { name: '¿Eliminar esta solicitud para siempre?' })
  expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus()
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
  expect(api.remove).not.toHaveBeenCalled()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(names()).toEqual(['Jorge Ruiz', 'Rosa Delgado', 'Laura Méndez'])
})

// Counted with its reasons, moved back in one tap with «Deshacer» focused, and «Ver las 4 en Spam», in Chromium
// and WebKit: test/owner/inbox.test.ts «on the phone: leads set aside as spam are counted…».
test('spam: a link above the list to its panel; undone, focus goes to the panel; «Ver las 2 en Spam» checks Spam', async () => {
  const api = fakeApi([laura(), mariana(), casino()])
  const user = open(api)
  const panel = await screen.findByRole('region', { name: '2 solicitudes apartadas como spam' })
  expect(screen.getByRole('link', { name: '2 en spam' })).toHaveAttribute('href', '#apartadas')
  await user.click(within(panel).getAllByRole('button', { name: 'No es spam' })[0]!)
  await toast('Mariana Torres ya no está en spam: pasó a «Nuevo».')
  await user.click(screen.getByRole('button', { name: 'Deshacer' }))
  await toast('Mariana Torres volvió a spam.')
  expect(api.update).toHaveBeenLastCalledWith('mariana', { status: 'spam' })
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: '2 solicitudes apartadas como spam' })).toHaveFocus(),
  )
  await user.click(screen.getByRole('button', { name: 'Ver las 2 en Spam' }))
  await waitFor(() => expect(names()).toEqual(['Mariana Torres', 'Casino Bonus']))
  expect(screen.getByRole('radio', { name: 'Spam 2' })).toBeChecked()
})

// Opened above the list and focused in Chromium and WebKit: test/owner/inbox-promise.test.ts «the alert's link…».
test("«Cerrar» takes the alert's lead off the page, focus on the page's heading", async () => {
  const user = open(fakeApi([jorge(), laura()]), 'jorge')
  const opened = await screen.findByRole('region', { name: 'La solicitud del aviso' })
  await user.click(within(opened).getByRole('button', { name: 'Cerrar' }))
  expect(screen.queryByRole('region', { name: 'La solicitud del aviso' })).not.toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Solicitudes', level: 1 })).toHaveFocus()
})

test("an alert's lead that was deleted says so", async () => {
  open(fakeApi([laura()]), 'gone')
  expect(
    await screen.findByText('La solicitud de ese aviso ya no existe: quizá la eliminaste.'),
  ).toBeVisible()
})

test('everything answered: «¡Al día!»', async () => {
  open(fakeApi([]))
  const caughtUp = await screen.findByText('¡Al día! No hay solicitudes esperando respuesta.')
  await waitFor(() => expect(caughtUp).toBeVisible())
  expect(screen.getByText('0 solicitudes')).toBeInTheDocument()
})

test('«Salir» that cannot reach the server says so and the session stays; once it can, it signs out', async () => {
  const api = fakeApi([laura()])
  api.signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'))
  const user = open(api)
  await user.click(await screen.findByRole('button', { name: 'Salir' }))
  await toast('No se pudo cerrar la sesión. Revisa tu conexión e inténtalo de nuevo.')
  await user.click(screen.getByRole('button', { name: 'Salir' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Sesión cerrada.')
  expect(api.signOut).toHaveBeenCalledTimes(2)
})

describe('GitHub asked again about once an hour (decision 046)', () => {
  test('a session due for it goes through the GitHub sign-in, back to the alert’s lead', async () => {
    const navigate = jest.fn()
    window.history.replaceState(null, '', '/admin/solicitudes/?solicitud=laura')
    try {
      open(
        fakeApi([laura()], async () => ({ ...SESSION, renew: true })),
        'laura',
        navigate,
      )
      expect(await screen.findByText('Confirmando tu acceso con GitHub…')).toBeInTheDocument()
      expect(navigate).toHaveBeenCalledWith('/api/inbox/login?solicitud=laura')
    } finally {
      window.history.replaceState(null, '', '/')
    }
  })

  test('a request refused until GitHub confirms again renews at once', async () => {
    const api = fakeApi([laura()])
    api.update.mockRejectedValueOnce(new SignedOut(true))
    const navigate = jest.fn()
    const user = open(api, null, navigate)
    await screen.findByRole('heading', { name: 'Laura Méndez' })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Contactado')
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/inbox/login'))
  })

  test('back on the page after «Salir» on another copy of the session: the sign-in, saying why', async () => {
    const api = fakeApi([laura()])
    const navigate = jest.fn()
    open(api, null, navigate)
    await screen.findByRole('heading', { name: 'Laura Méndez' })
    api.session.mockRejectedValueOnce(new SignedOut())
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu sesión terminó. Vuelve a entrar.')
    const signIn = screen.getByRole('link', { name: 'Entrar con GitHub' })
    expect(signIn).toHaveAttribute('href', '/api/inbox/login')
    expect(navigate).not.toHaveBeenCalled()
  })
})

// «3 · 1 vencida», a median of «1 h» and a month with none, in Chromium and WebKit: test/owner/inbox-promise.test.ts
// «on the phone, «Por atender» first…».
test('the month figures count answered late apart; unanswered ones inside their deadline read «en plazo»', () => {
  const figures = {
    received: 5,
    withDeadline: 4,
    inTime: 1,
    answeredLate: 1,
    unanswered: 2,
    medianMinutes: 1500,
  }
  render(<Figures months={[month('2026-11', figures)]} />)
  expect(
    within(screen.getByRole('region', { name: 'Este mes (noviembre)' }))
      .getAllByRole('definition')
      .map((dd) => [dd.previousElementSibling?.textContent, dd.textContent]),
  ).toEqual([
    ['Recibidas', '5'],
    ['Respondidas a tiempo', '1'],
    ['Respondidas tarde', '1'],
    ['Sin responder', '2 · en plazo'],
    ['Sin plazo registrado', '1'],
    ['Primer contacto (mediana)', '25 h'],
  ])
})

describe('the API client', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

  test('sends the session’s CSRF token with every change, never with a read', async () => {
    const fetcher = jest.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('session') ? answer(200, SESSION) : answer(200, lead('a', 'Ana')),
    )
    const api = createApiClient(fetcher as typeof fetch)
    await api.session()
    await api.update('a', { status: 'contactado' })
    await api.lead('a')
    const [, change] = fetcher.mock.calls[1] as unknown as [string, RequestInit]
    expect(new Headers(change.headers).get('X-CSRF-Token')).toBe('token')
    expect(change).toMatchObject({
      method: 'PATCH',
      body: '{"status":"contactado"}',
      credentials: 'same-origin',
    })
    const [, read] = fetcher.mock.calls[2] as unknown as [string, RequestInit]
    expect(new Headers(read.headers).has('X-CSRF-Token')).toBe(false)
  })

  test('a 401 is the end of the session (or a renewal, when it says so); any other error carries the API’s sentence', async () => {
    const fetcher = jest
      .fn()
      .mockResolvedValueOnce(answer(401, { error: 'Inicia sesión para ver las solicitudes.' }))
      .mockResolvedValueOnce(answer(401, { error: 'Inicia sesión para ver las solicitudes.', renew: true }))
      .mockResolvedValueOnce(answer(422, { error: 'La nota admite hasta 2000 caracteres.' }))
      .mockResolvedValueOnce(new Response('<html>', { status: 502 }))
    const api = createApiClient(fetcher)
    await expect(api.leads({ view: 'por-atender', q: '' }, 1)).rejects.toEqual(new SignedOut(false))
    await expect(api.figures()).rejects.toEqual(new SignedOut(true))
    await expect(api.update('a', { note: 'x' })).rejects.toThrow('La nota admite hasta 2000 caracteres.')
    await expect(api.remove('a')).rejects.toThrow('Error 502')
  })

  test('the list and the CSV carry the view and the search, the default view left out', async () => {
    const fetcher = jest.fn(async (_url: RequestInfo | URL) => answer(200, {}))
    const api = createApiClient(fetcher as typeof fetch)
    await api.leads({ view: 'por-atender', q: '' }, 2)
    await api.leads({ view: 'ganado', q: ' núñez ' }, 1)
    expect(fetcher.mock.calls.map(([url]) => url)).toEqual([
      '/api/inbox/leads?pagina=2',
      '/api/inbox/leads?estado=ganado&q=n%C3%BA%C3%B1ez&pagina=1',
    ])
    expect(api.exportHref({ view: 'por-atender', q: '' })).toBe('/api/inbox/export.csv')
    expect(api.exportHref({ view: 'spam', q: 'ana' })).toBe('/api/inbox/export.csv?estado=spam&q=ana')
  })
})

// Keeps act() warnings honest: nothing is left pending after a test (the toast's timers are cleared).
afterEach(async () => {
  await act(async () => undefined)
})
