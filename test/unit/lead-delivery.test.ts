/**
 * The failure toast's WhatsApp link and the drafts (src/leads/lead.ts, draft.ts). Delivering a lead is proven in the
 * browser: simulated, test/visitor/quote-form.test.ts «simulated sending»; to an endpoint, a 500 and a hang,
 * test/visitor/lead-endpoint.test.ts; a network error and a timeout resent, lead-submission.test.tsx.
 */
import { leadWhatsappLink, type Lead } from '../../src/leads/lead'
import { clearDraft, DRAFT_KEY, loadDraft, saveDraft } from '../../src/leads/draft'

const lead: Lead = {
  name: '  Ana López ',
  email: 'ana@example.com',
  phone: '222 555 0101',
  service: 'Mantenimiento Regular',
  message: 'Alberca de 8 x 4 m en Cholula.',
}

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
