/**
 * «¿Eliminar esta solicitud para siempre?»: a modal <dialog> (the browser keeps focus inside it, Escape
 * cancels it, focus goes back where it was), «Cancelar» focused first so a tap by mistake deletes nothing.
 */
import { useEffect, useRef } from 'react'
import type { Lead } from '../../../contract/inbox-api'
import { copy } from '../copy'

const DELETE = 'delete'

export function ConfirmDelete({
  lead,
  onCancel,
  onConfirm,
}: {
  lead: Lead
  onCancel: () => void
  onConfirm: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    cancel.current?.focus()
  }, [])

  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby="confirmar-titulo"
      aria-describedby="confirmar-texto"
      // Closed by either button or by Escape (returnValue '').
      onClose={(event) => (event.currentTarget.returnValue === DELETE ? onConfirm() : onCancel())}
    >
      <h2 id="confirmar-titulo">{copy.confirmTitle}</h2>
      <p className="confirm-name">{`${lead.name} · ${lead.phone}`}</p>
      <p id="confirmar-texto">{copy.confirmText}</p>
      <div className="confirm-actions">
        <button
          ref={cancel}
          type="button"
          className="button button-quiet"
          onClick={() => dialog.current?.close('')}
        >
          {copy.cancel}
        </button>
        <button type="button" className="button button-danger" onClick={() => dialog.current?.close(DELETE)}>
          {copy.confirmDelete}
        </button>
      </div>
    </dialog>
  )
}
