/**
 * The search: name, phone (digits alone too), e-mail or message. The list follows the typing after a pause,
 * or at once on Enter (the form is never submitted anywhere). On Enter the field's own value is read, whatever
 * set it: a value set by script (a password manager, an automation clearing it) sends no input event that
 * React would see.
 */
import { useEffect, useRef, type FormEvent } from 'react'
import { copy } from '../copy'

const TYPING_PAUSE_MS = 300

export function SearchBox({ onSearch }: { onSearch: (q: string) => void }) {
  const field = useRef<HTMLInputElement>(null)
  const typing = useRef(0)

  useEffect(() => () => window.clearTimeout(typing.current), [])

  function typed(value: string) {
    window.clearTimeout(typing.current)
    typing.current = window.setTimeout(() => onSearch(value), TYPING_PAUSE_MS)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    window.clearTimeout(typing.current)
    onSearch(field.current?.value ?? '')
  }

  return (
    <form role="search" className="search" onSubmit={submit}>
      <label htmlFor="buscar" className="visually-hidden">
        {copy.searchLabel}
      </label>
      <input
        ref={field}
        type="search"
        id="buscar"
        name="q"
        placeholder={copy.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => typed(event.currentTarget.value)}
      />
    </form>
  )
}
