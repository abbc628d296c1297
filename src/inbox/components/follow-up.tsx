/**
 * Where the owner keeps track of a lead: its status (saved as soon as it changes; moved on from «Nuevo» it is the
 * first contact) and a note (saved with «Guardar nota»). The menu shows the owner's choice while it is saved and
 * goes back to the lead's status if saving fails.
 */
import { useState, type FormEvent } from 'react'
import { MAX_NOTE_LENGTH, STATUSES, type Lead, type Status } from '../../../contract/inbox-api'
import { STATUS_LABEL, copy } from '../copy'

export function FollowUp({
  lead,
  idPrefix,
  onStatus,
  onNote,
}: {
  lead: Lead
  idPrefix: string
  onStatus: (status: Status, focusId: string) => Promise<boolean>
  onNote: (note: string, focusId: string) => void
}) {
  const statusId = `${idPrefix}estado-${lead.id}`
  const noteId = `${idPrefix}nota-${lead.id}`
  const [pending, setPending] = useState<Status | null>(null)
  const [note, setNote] = useState(lead.note)

  async function changeStatus(status: Status) {
    setPending(status)
    await onStatus(status, statusId)
    setPending(null)
  }

  function saveNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onNote(note, noteId)
  }

  return (
    <div className="follow-up">
      <div className="field">
        <label htmlFor={statusId}>{copy.statusLabel}</label>
        <select
          id={statusId}
          value={pending ?? lead.status}
          onChange={(event) => void changeStatus(event.currentTarget.value as Status)}
        >
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      </div>
      <form className="note" onSubmit={saveNote}>
        <label htmlFor={noteId}>{copy.noteLabel}</label>
        <textarea
          id={noteId}
          rows={1}
          maxLength={MAX_NOTE_LENGTH}
          // Blank, for CSS alone (:placeholder-shown): an empty note takes one line until it is written in.
          placeholder=" "
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <button type="submit" className="button button-quiet">
          {copy.saveNote}
        </button>
      </form>
    </div>
  )
}
