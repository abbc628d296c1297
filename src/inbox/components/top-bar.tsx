/** The bar on top: the company's name, and once signed in, «Avisos» (the panel), who is signed in and «Salir». */
import type { MouseEvent } from 'react'
import { site } from '../../config/site'
import { copy } from '../copy'
import { pushCopy } from '../push-copy'

/** «Avisos» jumps to its panel below the list (./push-panel.tsx) and puts focus on its heading. */
function toAvisos(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault()
  const heading = document.getElementById('avisos-titulo')
  heading?.focus()
  heading?.scrollIntoView({ block: 'start' })
}

export function TopBar({ login, onSignOut }: { login: string | null; onSignOut: () => void }) {
  return (
    <header className="bar">
      <p className="bar-title">
        <span id="marca">{site.brand}</span>
        <span className="bar-section">{` · ${copy.section}`}</span>
      </p>
      {login !== null && (
        <div className="bar-user" id="usuario">
          <a className="bar-link" href="#avisos" onClick={toAvisos}>
            {pushCopy.barLink}
          </a>
          <span id="usuario-nombre">{login}</span>
          <button type="button" className="button button-quiet" id="salir" onClick={onSignOut}>
            {copy.signOut}
          </button>
        </div>
      )}
    </header>
  )
}
