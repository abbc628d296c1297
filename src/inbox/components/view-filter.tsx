/**
 * The views, as chips: radio buttons named by their label and count («Por atender 3», «Todas 4», one per
 * status). They wrap onto more lines rather than hide to the right; beside the count of «Por atender» the list
 * summary says how many are overdue.
 */
import { STATUSES, type Status, type View } from '../../../contract/inbox-api'
import { STATUS_LABEL, copy } from '../copy'
import { allButSpam } from '../inbox-state'

export function ViewFilter({
  view,
  counts,
  unanswered,
  onChange,
}: {
  view: View
  counts: Record<Status, number>
  unanswered: number
  onChange: (view: View) => void
}) {
  const chips: [View, string, number][] = [
    ['por-atender', copy.dueView, unanswered],
    ['todas', copy.allStatuses, allButSpam(counts)],
    ...STATUSES.map((status): [View, string, number] => [status, STATUS_LABEL[status], counts[status]]),
  ]
  return (
    <fieldset className="chips">
      <legend className="visually-hidden">{copy.filterLegend}</legend>
      {chips.map(([value, label, count]) => (
        <label key={value} className="chip">
          <input
            type="radio"
            name="estado"
            value={value}
            checked={view === value}
            onChange={() => onChange(value)}
          />
          <span>{label}</span>{' '}
          <span className="chip-count" data-count={value}>
            {count}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
