import { MessageCircle, Send } from 'lucide-react'
import {
  useContext,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react'
import { styled } from 'styled-components'
import { canonicalPath } from '../analytics/events'
import { placement, QUOTE_FORM_MARK } from '../analytics/placement'
import { analyticsPrivacyNote } from '../analytics/privacy-note'
import { trackQuoteOutcome } from '../analytics/quote-outcome'
import { site } from '../config/site'
import type { ContactoContent } from '../content/contacto'
import { contactLabels } from '../content/shared'
import { clearDraft, clearSubmission, loadDraft, markOpened, saveDraft, submission } from '../leads/draft'
import type { FieldErrors } from '../leads/lead'
import { emptyLead, leadFields, type Lead } from '../leads/lead-fields'
import { turnstileNotes } from '../../contract/lead-messages'
import { loadTurnstile, resetTurnstile, waitForTurnstileToken } from '../leads/turnstile-widget'
import { preloadToaster } from '../toast/deferred-toaster'
import { Button } from './ui/button'
import { keepInvalidFieldInView } from './ui/invalid-field-in-view'
import { KEEP_PRERENDERED, Prerendered } from './ui/prerendered'
import { VisuallyHidden } from './ui/visually-hidden'

type FormContent = ContactoContent['form']

interface QuoteFormProps {
  form: FormContent
}

/** Name of the honeypot field, as common form back ends (Formspree) expect it. */
export const HONEYPOT_NAME = '_gotcha'

/**
 * The quote request form. Fields are checked by the browser's native validation only. A lead is
 * delivered once per submit; until it is really delivered, what the visitor typed stays in the
 * fields and in a local draft. Without an endpoint the form cannot send itself before its scripts
 * have attached (its button is a plain one until then): nothing typed ever travels in a URL
 * (decision 026, src/components/quote-form-prerendered.tsx). With Turnstile neither: a send needs the
 * widget's token, so the form waits for one and never sends without it (decision 040).
 */
export function QuoteForm({ form }: QuoteFormProps) {
  /**
   * Where leads are POSTed (LEAD_ENDPOINT); empty = simulated sending (the spec's behaviour). What only an
   * endpoint needs (the fill time, the submission id, its refusals under the fields, Turnstile) tests the build
   * constant itself, so a build that simulates folds those branches away and its page keeps its first-load
   * bytes, as a build without analytics does.
   */
  const endpoint = LEAD_ENDPOINT
  const [lead, setLead] = useState<Lead>(emptyLead)
  const [sending, setSending] = useState(false)
  /** The endpoint's message per refused field (a 422), shown under each field until it is edited. */
  const [errors, setErrors] = useState<FieldErrors>({})
  /** With Turnstile: what the form says while the widget has no token yet ('' the rest of the time). */
  const [verifying, setVerifying] = useState('')
  const sendingRef = useRef(false)
  const honeypotRef = useRef<HTMLInputElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  /**
   * False in the prerendered HTML and while hydrating; true once the form has taken over its fields (below). Until
   * then a build without an endpoint has no submit button, so the browser cannot send the form by itself.
   */
  const [live, setLive] = useState(false)
  /** The prerender's parts (the notes for a form that cannot send); none in the browser. */
  const prerendered = useContext(Prerendered).quoteForm

  // After a blocked submit, the field the browser points at and its label show below the sticky header.
  useEffect(() => (formRef.current ? keepInvalidFieldInView(formRef.current) : undefined), [])

  // After hydration (never during render: server and client must match), the form takes what the visitor typed
  // before the scripts ran, which the browser kept in the fields while React's state is still empty (the next
  // render would wipe it), and fills the other fields from an unsent draft.
  useEffect(() => {
    // Cloudflare Turnstile's widget, only in a build with its site key and an endpoint to check it. Every use
    // tests the build constant itself (not a variable), so a build without it folds the branch away and leaves
    // the widget's code out of the page's chunk, as analytics does.
    if (TURNSTILE_SITE_KEY && LEAD_ENDPOINT) loadTurnstile()
    const draft = loadDraft() ?? emptyLead
    const kept = { ...emptyLead }
    let typed = false
    for (const field of leadFields) {
      const value = (formRef.current?.elements.namedItem(field) as HTMLInputElement | null)?.value ?? ''
      typed ||= value !== ''
      kept[field] = value || draft[field]
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fields and localStorage are only readable after hydration
    setLead(kept)
    // Typed before the scripts ran: filling in began, at the latest, when the page was opened.
    if (LEAD_ENDPOINT && typed) markOpened(submission, new Date(performance.timeOrigin))
    setLive(true)
  }, [])

  useEffect(() => {
    if (live) saveDraft(lead)
  }, [lead, live])

  function update(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) {
    const { name, value } = event.target
    setLead((current) => ({ ...current, [name]: value }))
    if (LEAD_ENDPOINT) setErrors(({ [name as keyof Lead]: _edited, ...rest }) => rest)
    // When filling in began: the first keystroke (the endpoint's minimum fill time).
    if (LEAD_ENDPOINT) markOpened()
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formElement = event.currentTarget
    if (sendingRef.current) return
    sendingRef.current = true
    setSending(true)
    const done = () => {
      sendingRef.current = false
      setSending(false)
    }

    const isBot = Boolean(honeypotRef.current?.value)
    // Delivery and the toast store are only needed once a visitor sends, so they are not part
    // of the page's first load.
    const modules = Promise.all([import('../leads/lead'), import('../toast/toast-store')])
    const failed = async (description: string) => {
      const [{ leadWhatsappLink }, { toast }] = await modules
      toast({
        variant: 'destructive',
        duration: Infinity,
        // On a phone the button was at the bottom of the screen, where the toast appears: it stays in reach.
        uncover: submitRef.current,
        title: form.failure.title,
        description: (
          <>
            {description} {form.failure.call}{' '}
            <a href={site.phone.href} {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('failure_toast') : {})}>
              {site.phone.display}
            </a>
            .
          </>
        ),
        action: (
          <FailureAction
            href={leadWhatsappLink(lead)}
            target="_blank"
            rel="noopener noreferrer"
            {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('failure_toast') : {})}
          >
            <MessageCircle aria-hidden="true" size={18} />
            {form.failure.action}
            <VisuallyHidden> {contactLabels.newTab}</VisuallyHidden>
          </FailureAction>
        ),
      })
    }

    // Turnstile: never a send without the widget's token (a second tap while it renews one, a send before it
    // solved). Wait for it, saying why; none coming (a network that blocks the challenge) is said too.
    let token = ''
    if (TURNSTILE_SITE_KEY && LEAD_ENDPOINT && !isBot) {
      setVerifying(turnstileNotes.verifying)
      token = await waitForTurnstileToken(formElement)
      setVerifying('')
      if (!token) {
        await failed(turnstileNotes.notVerified)
        return done()
      }
    }
    const [{ currentSubmission, deliverLead, landingSource }, { toast }] = await modules
    const result = await deliverLead(lead, {
      endpoint: isBot ? '' : endpoint,
      // The path alone, as analytics records it: a query string or fragment could hold anything.
      page: canonicalPath(window.location.pathname),
      // The draft's submission store from the page's own module (its memory outlives a blocked localStorage),
      // so the delivery chunk imports nothing of it; where the visitor came from, as the entry noted it on landing.
      ...(LEAD_ENDPOINT ? { submission: currentSubmission(submission), source: landingSource() } : {}),
      ...(TURNSTILE_SITE_KEY && LEAD_ENDPOINT ? { turnstileToken: token } : {}),
    })
    // A token is good for one check, but the endpoint checks it under the submission's id, so a retry of the same
    // submission (its answer lost, a 5xx) may carry it again: a fresh one only after a delivery, or when the
    // endpoint refused the token itself (403).
    if (
      TURNSTILE_SITE_KEY &&
      LEAD_ENDPOINT &&
      (result.ok || (result.reason === 'http' && result.status === 403))
    )
      resetTurnstile()
    // Analytics: delivered or failed, and the chosen service; a filled honeypot is a bot, not a lead.
    if (!isBot) trackQuoteOutcome(result, lead)

    if (LEAD_ENDPOINT && !result.ok && result.reason === 'http' && result.fields) {
      // The endpoint refused some fields: its messages under them, the first one focused, nothing lost.
      const refused = result.fields
      setErrors(refused)
      const first = leadFields.find((key) => refused[key])
      formElement.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
    } else if (result.ok) {
      if (LEAD_ENDPOINT) setErrors({})
      toast({ title: form.success.title, description: form.success.description })
      // Emptying the values alone leaves every field :user-invalid (red borders) in Chromium,
      // Firefox and WebKit; a form reset also forgets that the visitor touched them.
      formElement.reset()
      setLead(emptyLead)
      clearDraft()
      // Delivered: the next draft is a new submission, with its own id.
      if (LEAD_ENDPOINT) clearSubmission()
      if (honeypotRef.current) honeypotRef.current.value = ''
    } else {
      await failed(form.failure.description)
    }
    done()
  }

  const { fields } = form
  return (
    <Form
      ref={formRef}
      onSubmit={submit}
      onFocus={preloadToaster}
      data-avoid-floating
      aria-labelledby="form-title"
      aria-busy={sending}
      {...(endpoint ? { method: 'post', action: endpoint } : {})}
      {...(PLAUSIBLE_DOMAIN || GA4_ID ? { [QUOTE_FORM_MARK]: '' } : {})}
    >
      <h2 id="form-title">{form.title}</h2>
      <Lead>{form.lead}</Lead>
      {LEAD_ENDPOINT && !TURNSTILE_SITE_KEY ? null : <noscript>{prerendered?.noscript}</noscript>}
      <Row>
        <Field>
          <label htmlFor="quote-name">{fields.name.label}</label>
          <input
            id="quote-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            placeholder={fields.name.placeholder}
            value={lead.name}
            onChange={update}
            {...(LEAD_ENDPOINT ? errorProps('name', errors) : {})}
          />
          {LEAD_ENDPOINT ? <FieldError field="name" errors={errors} /> : null}
        </Field>
        <Field>
          <label htmlFor="quote-phone">{fields.phone.label}</label>
          <input
            id="quote-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            placeholder={fields.phone.placeholder}
            value={lead.phone}
            onChange={update}
            {...(LEAD_ENDPOINT ? errorProps('phone', errors) : {})}
          />
          {LEAD_ENDPOINT ? <FieldError field="phone" errors={errors} /> : null}
        </Field>
      </Row>
      <Row>
        <Field>
          <label htmlFor="quote-email">{fields.email.label}</label>
          <input
            id="quote-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            placeholder={fields.email.placeholder}
            value={lead.email}
            onChange={update}
            {...(LEAD_ENDPOINT ? errorProps('email', errors) : {})}
          />
          {LEAD_ENDPOINT ? <FieldError field="email" errors={errors} /> : null}
        </Field>
        <Field>
          <label htmlFor="quote-service">{fields.service.label}</label>
          <select
            id="quote-service"
            name="service"
            required
            value={lead.service}
            onChange={update}
            {...(LEAD_ENDPOINT ? errorProps('service', errors) : {})}
          >
            <option value="">{fields.service.placeholder}</option>
            {fields.service.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {LEAD_ENDPOINT ? <FieldError field="service" errors={errors} /> : null}
        </Field>
      </Row>
      <Field>
        <label htmlFor="quote-message">{fields.message.label}</label>
        <textarea
          id="quote-message"
          name="message"
          rows={5}
          required
          placeholder={fields.message.placeholder}
          value={lead.message}
          onChange={update}
          {...(LEAD_ENDPOINT ? errorProps('message', errors) : {})}
        />
        {LEAD_ENDPOINT ? <FieldError field="message" errors={errors} /> : null}
      </Field>
      <Honeypot aria-hidden="true">
        <label htmlFor="quote-website">{form.honeypot}</label>
        <input
          id="quote-website"
          ref={honeypotRef}
          name={HONEYPOT_NAME}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </Honeypot>
      {TURNSTILE_SITE_KEY && LEAD_ENDPOINT ? (
        <TurnstileBox className="cf-turnstile" data-sitekey={TURNSTILE_SITE_KEY} data-language="es" />
      ) : null}
      <Submit
        ref={submitRef}
        type={(LEAD_ENDPOINT && !TURNSTILE_SITE_KEY) || live ? 'submit' : 'button'}
        $variant="secondary"
        $size="lg"
        disabled={sending}
      >
        <Send aria-hidden="true" size={18} />
        {sending ? form.sending : form.submit}
      </Submit>
      {LEAD_ENDPOINT && !TURNSTILE_SITE_KEY ? null : prerendered ? (
        <div role="status">{prerendered.beforeScripts}</div>
      ) : (
        <div role="status" {...KEEP_PRERENDERED} />
      )}
      {TURNSTILE_SITE_KEY && LEAD_ENDPOINT ? <Verifying role="status">{verifying}</Verifying> : null}
      <Privacy
        aria-labelledby="privacidad"
        {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('form_privacy') : {})}
      >
        <h3 id="privacidad">{form.privacy.title}</h3>
        <p>
          {form.privacy.text} {form.privacy.storage} {form.privacy.rights}{' '}
          <a href={site.email.href}>{site.email.address}</a>
          {`.${analyticsPrivacyNote ? ` ${analyticsPrivacyNote}` : ''}`}
        </p>
        <details>
          <summary>{form.privacy.fullTitle}</summary>
          {form.privacy.full.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <a href={site.email.href}>{site.email.address}</a>
          </p>
        </details>
      </Privacy>
    </Form>
  )
}

/** A refused field: marked invalid and described by the endpoint's message. */
function errorProps(field: keyof Lead, errors: FieldErrors) {
  return errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `quote-${field}-error` } : {}
}

function FieldError({ field, errors }: { field: keyof Lead; errors: FieldErrors }): ReactNode {
  const message = errors[field]
  return message ? <ErrorText id={`quote-${field}-error`}>{message}</ErrorText> : null
}

const Form = styled.form`
  padding: clamp(1.25rem, 4vw, 2.5rem);
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.md};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`

const Lead = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`

const Row = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
`

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  margin-bottom: ${({ theme }) => theme.space.lg};

  label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.color.deep};
  }

  input,
  select,
  textarea {
    width: 100%;
    min-height: 3rem;
    padding: 0.7rem 0.9rem;
    border: 1px solid #8aa3b1;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    font-size: 1rem;
    /* When the browser points at an invalid field it scrolls it to the top edge; WebKit ignores the
       root's scroll-padding-top there. Room for the sticky header and the label above. */
    scroll-margin-top: calc(${({ theme }) => theme.layout.headerHeight} + 2.75rem);
    transition:
      border-color ${({ theme }) => theme.motion.fast},
      box-shadow ${({ theme }) => theme.motion.fast};
  }

  textarea {
    resize: vertical;
    min-height: 8rem;
  }

  input::placeholder,
  textarea::placeholder {
    color: #6b7f8b;
  }

  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.brand};
    box-shadow: 0 0 0 3px rgba(10, 108, 156, 0.35);
  }

  input:user-invalid,
  select:user-invalid,
  textarea:user-invalid,
  [aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`

const Honeypot = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`

const TurnstileBox = styled.div`
  min-height: 65px;
  margin-bottom: ${({ theme }) => theme.space.lg};
`

const Verifying = styled.p`
  margin-top: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.deep};

  &:empty {
    display: none;
  }
`

const Submit = styled(Button)`
  width: 100%;
`

const Privacy = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.color.muted};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.sm};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }

  details {
    margin-top: ${({ theme }) => theme.space.sm};
  }

  summary {
    cursor: pointer;
    font-weight: 600;
    color: ${({ theme }) => theme.color.deep};
  }

  details p {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`

const FailureAction = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.5rem 0.9rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: #fff;
  color: ${({ theme }) => theme.color.danger};
  font-weight: 700;
  text-decoration: none;
  white-space: nowrap;
`
