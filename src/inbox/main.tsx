/**
 * The inbox's entry. Before React is even loaded it asks the API for the session and, once there is one, for
 * the first page of «Por atender» and the alert's lead (?solicitud=<id>): those answers and React DOM's own
 * chunk (imported with import(), src/react-dom-client.ts) come over the network side by side, instead of one
 * after the other once React has rendered. Signed out, nothing but the session is asked (one 401). Then one
 * React root over the page's static shell (index.html).
 */
import { DEFAULT_VIEW } from '../../contract/inbox-api'
import { createApiClient } from './api-client'
import { InboxApp, type AppBoot } from './app'
import { registerServiceWorker } from './push-client'

const api = createApiClient()
const selectedId = new URLSearchParams(window.location.search).get('solicitud')
const session = api.session()
const boot: AppBoot = {
  session,
  firstPage: session.then(() => api.leads({ view: DEFAULT_VIEW, q: '' }, 1)),
  ...(selectedId ? { selected: session.then(() => api.lead(selectedId)) } : {}),
}
// What is never awaited (the list of a signed-out page) is not an unhandled rejection.
for (const pending of Object.values(boot)) (pending as Promise<unknown>).catch(() => undefined)

// The installable inbox's worker (sw.ts): offline shell and push; registered after the page's load.
registerServiceWorker()

const { createRoot } = await import('../react-dom-client')
createRoot(document.getElementById('raiz')!).render(
  <InboxApp api={api} boot={boot} selectedId={selectedId} />,
)
