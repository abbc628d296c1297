/**
 * One line above the list: how many leads the view holds (a polite live region), how many of «Por atender» are
 * overdue, and, when the filters set some aside, how many are in spam, a link to the panel below the list.
 */
import type { MouseEvent } from 'react'
import { copy, promiseCopy } from '../copy'

export function ListSummary({
  shown,
  total,
  late,
  spam,
  ready,
}: {
  shown: number
  total: number
  late: number
  spam: number
  ready: boolean
}) {
  function toSpam(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault()
    document.getElementById('apartadas-titulo')?.focus()
  }
  return (
    <div className="summary">
      <p id="cuenta" role="status">
        {ready ? copy.count(shown, total) : ''}
      </p>
      <p id="vencidas" className="late-count" hidden={late === 0}>
        {late ? promiseCopy.lateCount(late) : ''}
      </p>
      {spam > 0 && (
        <a className="spam-jump" href="#apartadas" onClick={toSpam}>
          {copy.spamJump(spam)}
        </a>
      )}
    </div>
  )
}
