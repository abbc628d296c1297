/**
 * Signed out: the GitHub sign-in (with why, when the session ended). Unreachable: what went wrong and
 * «Reintentar». Both say it in an alert, so a screen reader hears it at once.
 */
import { loginHref } from '../api-client'
import { copy } from '../copy'

/** `selectedId`: the alert's lead, which the sign-in comes back to. */
export function SignInScreen({
  message,
  selectedId = null,
}: {
  message?: string
  selectedId?: string | null
}) {
  return (
    <section className="sign-in" aria-labelledby="titulo">
      <h1 id="titulo">{copy.signInTitle}</h1>
      {message && (
        <p className="notice" role="alert">
          {message}
        </p>
      )}
      <p>{copy.signInText}</p>
      <a className="button button-primary" href={loginHref(selectedId)}>
        {copy.signIn}
      </a>
    </section>
  )
}

export function UnreachableScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="sign-in" aria-labelledby="titulo">
      <h1 id="titulo">{copy.signInTitle}</h1>
      <p className="notice notice-error" role="alert">
        {message}
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {copy.retry}
      </button>
    </section>
  )
}
