import { styled } from 'styled-components'
import { site, whatsappLink } from '../config/site'
import { quoteFormWithoutScripts } from '../content/contacto'
import type { PrerenderedParts } from './ui/prerendered'

/**
 * What the quote form shows where its scripts have not run, in a build that simulates sending, or that checks
 * Turnstile (its token comes from a script: decision 040); a build with LEAD_ENDPOINT alone posts to the endpoint
 * without them. Only the prerender writes it (decision 026,
 * src/components/ui/prerendered.ts). Until the page's scripts attach, the form has no submit button (its button is
 * a plain one, so the browser cannot send the form by itself and nothing typed ever travels in a URL), and:
 * - without JavaScript, a note above the fields and a line under the button say so, with the phone and WhatsApp;
 * - before the scripts have run (a slow phone), pressing the button, or Enter in a field, shows why nothing was
 *   sent and what to do, through the one-line script below (its hash is in every host's policy, as the
 *   prerender's other inline scripts); once the form is live, the next press hides the note again.
 */
export const EARLY_NOTE_ID = 'quote-early'

/**
 * Spelled out:
 *   const note = document.getElementById('quote-early'), form = note.closest('form')
 *   const button = form.querySelector('button[type=button]')   // type=submit once the form is live
 *   button.addEventListener('click', () => {    // touches the note only when it changes
 *     const hidden = button.type !== 'button'; if (note.hidden !== hidden) note.hidden = hidden
 *   })
 *   form.addEventListener('keydown', (event) => {
 *     if (event.key === 'Enter' && event.target.tagName === 'INPUT' && button.type === 'button') {
 *       note.hidden = false; note.scrollIntoView({ block: 'nearest' })
 *     }
 *   })
 */
export const EARLY_PRESS_SCRIPT =
  `(function(){var n=document.getElementById('${EARLY_NOTE_ID}'),f=n.closest('form'),b=f.querySelector('button[type=button]');` +
  "b.addEventListener('click',function(){var h=b.type!='button';if(n.hidden!=h)n.hidden=h});" +
  "f.addEventListener('keydown',function(e){if(e.key=='Enter'&&e.target.tagName=='INPUT'&&b.type=='button'){n.hidden=!1;n.scrollIntoView({block:'nearest'})}})})()"

type Sentence = (typeof quoteFormWithoutScripts)[keyof typeof quoteFormWithoutScripts]

/** "…llámanos al <phone> o escríbenos por <WhatsApp> y te atendemos de inmediato." */
function CallOrWrite({ text }: { text: Sentence }) {
  return (
    <>
      {text.before} <a href={site.phone.href}>{site.phone.display}</a> {text.between}{' '}
      <a href={whatsappLink()}>{text.whatsapp}</a> {text.after}
    </>
  )
}

export const quoteFormPrerendered: NonNullable<PrerenderedParts['quoteForm']> = {
  noscript: <NoScriptNote />,
  beforeScripts: <BeforeScripts />,
}

/** Above the fields, without JavaScript. */
function NoScriptNote() {
  return (
    <Note>
      <CallOrWrite text={quoteFormWithoutScripts.noscript} />
    </Note>
  )
}

/** Under the button: the line without JavaScript, the note for a press before the scripts, and its script. */
function BeforeScripts() {
  return (
    <>
      <noscript>
        <Note>
          <CallOrWrite text={quoteFormWithoutScripts.button} />
        </Note>
      </noscript>
      <Note id={EARLY_NOTE_ID} hidden>
        <CallOrWrite text={quoteFormWithoutScripts.early} />
      </Note>
      <script dangerouslySetInnerHTML={{ __html: EARLY_PRESS_SCRIPT }} />
    </>
  )
}

const Note = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #fff4e0;
  border: 1px solid ${({ theme }) => theme.color.accentStrong};

  &[hidden] {
    display: none;
  }
`
