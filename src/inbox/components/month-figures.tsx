/**
 * «Tu promesa de respuesta»: this month and the last, in the owner's months. Every request with a deadline is
 * counted once: answered in time, answered late, or not answered yet (and of those, how many are past their
 * deadline); a lead still inside its deadline is not "late". The median first contact, not the mean: one
 * forgotten lead does not hide a good month.
 */
import promise from 'content:promesa'
import type { MonthFigures as Figures } from '../../../contract/inbox-api'
import { spanishDuration } from '../../../contract/owner-time'
import { promiseCopy } from '../copy'

function Month({ figures, current }: { figures: Figures; current: boolean }) {
  const headingId = `cifras-${figures.month}`
  const noDeadline = figures.received - figures.withDeadline
  const rows: [string, string][] = [
    [promiseCopy.received, String(figures.received)],
    [promiseCopy.inTime, String(figures.inTime)],
    [promiseCopy.figuresLate, String(figures.answeredLate)],
    [promiseCopy.figuresUnanswered, promiseCopy.unansweredOf(figures.unanswered, figures.overdue)],
    ...(noDeadline > 0 ? [[promiseCopy.noDeadlineCount, String(noDeadline)] as [string, string]] : []),
    [
      promiseCopy.median,
      figures.medianMinutes === null ? promiseCopy.noMedian : spanishDuration(figures.medianMinutes * 60_000),
    ],
  ]
  return (
    <section className="figures-month" aria-labelledby={headingId}>
      <h3 id={headingId}>{promiseCopy.figuresMonth(figures.month, current)}</h3>
      <dl>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export function MonthFigures({ months }: { months: Figures[] | null }) {
  if (!months) return null
  const [current, last] = months
  return (
    <section id="cifras" className="figures" aria-labelledby="cifras-titulo">
      <h2 id="cifras-titulo">{promiseCopy.figuresTitle}</h2>
      <p className="figures-note">{promiseCopy.figuresNote(promise.answerHours, promise.emergencyHours)}</p>
      <div className="figures-months">
        {current && <Month figures={current} current />}
        {last && <Month figures={last} current={false} />}
      </div>
    </section>
  )
}
