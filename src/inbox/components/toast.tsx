/** What just happened, in a polite live region at the bottom of the screen («Nota guardada.»). */
export function Toast({ message }: { message: string }) {
  return (
    <div className="toast" id="aviso" role="status" aria-live="polite">
      {message}
    </div>
  )
}
