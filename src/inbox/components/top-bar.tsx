/** The bar on top: the company's name, and once signed in, who is signed in and «Salir». */
import { site } from '../../config/site'
import { copy } from '../copy'

export function TopBar({ login, onSignOut }: { login: string | null; onSignOut: () => void }) {
  return (
    <header className="bar">
      <p className="bar-title">
        <span id="marca">{site.brand}</span>
        <span className="bar-section">{` · ${copy.section}`}</span>
      </p>
      {login !== null && (
        <div className="bar-user" id="usuario">
          <span id="usuario-nombre">{login}</span>
          <button type="button" className="button button-quiet" id="salir" onClick={onSignOut}>
            {copy.signOut}
          </button>
        </div>
      )}
    </header>
  )
}
