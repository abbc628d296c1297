import { deliverLead, leadWhatsappLink, SIMULATED_DELAY_MS, type Lead } from '../../src/leads/lead'
import { clearDraft, DRAFT_KEY, loadDraft, saveDraft } from '../../src/leads/draft'

const lead: Lead = {
  name: '  Ana López ',
  email: 'ana@example.com',
  phone: '222 555 0101',
  service: 'Mantenimiento Regular',
  message: 'Alberca de 8 x 4 m en Cholula.',
}
const ENDPOINT = 'https://leads.example.test/cotizacion'
const now = () => new Date('2026-11-21T16:00:00.000Z')

/** jsdom has no fetch Response; the module reads only `ok` and `status`. */
function answer(status: number): Response {
  return { ok: status >= 200 && status < 300, status } as Response
}

function mockFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  return jest.fn(impl) as jest.Mock & typeof fetch
}

describe('deliverLead', () => {
  afterEach(() => jest.useRealTimers())

  test('without an endpoint it transmits nothing and succeeds after the 1-second simulation', async () => {
    jest.useFakeTimers()
    const fetchImpl = mockFetch(async () => answer(200))
    let settled = false
    const pending = deliverLead(lead, { endpoint: '', page: '/contacto', fetchImpl }).then((result) => {
      settled = true
      return result
    })
    await jest.advanceTimersByTimeAsync(SIMULATED_DELAY_MS - 1)
    expect(settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    await expect(pending).resolves.toEqual({ ok: true, simulated: true })
    expect(fetchImpl).not.toHaveBeenCalled()
  })

  test('posts the trimmed lead as JSON with page and time, and a 2xx is a success', async () => {
    const fetchImpl = mockFetch(async () => answer(200))
    const result = await deliverLead(lead, {
      endpoint: ENDPOINT,
      page: 'https://www.aquapuebla.mx/contacto',
      fetchImpl,
      now,
    })
    expect(result).toEqual({ ok: true, simulated: false })
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit]
    expect(url).toBe(ENDPOINT)
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' })
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ana López',
      email: 'ana@example.com',
      phone: '222 555 0101',
      service: 'Mantenimiento Regular',
      message: 'Alberca de 8 x 4 m en Cholula.',
      page: 'https://www.aquapuebla.mx/contacto',
      submittedAt: '2026-11-21T16:00:00.000Z',
    })
  })

  test.each<[string, () => Promise<Response>, object]>([
    ['a 500 answer is a failure with its status', async () => answer(500), { reason: 'http', status: 500 }],
    [
      'a network error is a failure',
      async () => {
        throw new TypeError('Failed to fetch')
      },
      { reason: 'network' },
    ],
  ])('%s', async (_title, impl, failure) => {
    const fetchImpl = mockFetch(impl)
    await expect(deliverLead(lead, { endpoint: ENDPOINT, page: '/contacto', fetchImpl })).resolves.toEqual({
      ok: false,
      ...failure,
    })
  })

  test('an endpoint that does not answer within the timeout is a failure', async () => {
    jest.useFakeTimers()
    const fetchImpl = mockFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const pending = deliverLead(lead, { endpoint: ENDPOINT, page: '/contacto', fetchImpl, timeoutMs: 15_000 })
    await jest.advanceTimersByTimeAsync(15_000)
    await expect(pending).resolves.toEqual({ ok: false, reason: 'timeout' })
  })
})

describe('WhatsApp fallback link', () => {
  test('carries the name, service, phone and message as plain text', () => {
    const href = leadWhatsappLink({ ...lead, message: '<script>alert(1)</script> & más' })
    expect(href.startsWith('https://wa.me/522221234567?text=')).toBe(true)
    const text = new URL(href).searchParams.get('text')
    expect(text).toBe(
      'Hola, AquaPuebla. Soy Ana López y me gustaría una cotización.\nServicio: Mantenimiento Regular\nMi teléfono: 222 555 0101\nMensaje: <script>alert(1)</script> & más',
    )
  })
})

describe('drafts', () => {
  beforeEach(() => localStorage.clear())

  test('a saved draft is restored; clearing it, or saving an empty form, forgets it; a corrupt draft is ignored', () => {
    saveDraft(lead)
    expect(loadDraft()).toEqual(lead)
    clearDraft()
    expect(loadDraft()).toBeNull()
    saveDraft(lead)
    saveDraft({ name: '', email: '', phone: '', service: '', message: '' })
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
    localStorage.setItem(DRAFT_KEY, '{not json')
    expect(loadDraft()).toBeNull()
  })
})
