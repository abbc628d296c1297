/**
 * «¿De dónde llegan tus clientes?»: this month and the last, the requests received from each source and how many
 * of those were answered within their deadline. edge/inbox/sources.ts counts them (`sources` of `GET cifras`),
 * contract/lead-source.ts names them, as on each card. Beside «Tu promesa de respuesta», with the same months.
 */
import type { MonthFigures, SourceCount } from '../../../contract/inbox-api'
import { promiseCopy, sourceCopy } from '../copy'

function Month({ month, sources, current }: { month: string; sources: SourceCount[]; current: boolean }) {
  const headingId = `origenes-${month}`
  return (
    <section className="sources-month" aria-labelledby={headingId}>
      <h3 id={headingId}>{promiseCopy.figuresMonth(month, current)}</h3>
      {sources.length === 0 ? (
        <p className="meta">{sourceCopy.none}</p>
      ) : (
        <table className="sources-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{sourceCopy.source}</th>
              <th scope="col">{sourceCopy.received}</th>
              <th scope="col">{sourceCopy.inTime}</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((line) => (
              <tr key={line.source}>
                <th scope="row">{line.source}</th>
                <td>{line.received}</td>
                <td>{line.inTime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export function SourceFigures({ months }: { months: MonthFigures[] | null }) {
  if (!months?.some((month) => month.sources)) return null
  return (
    <section id="origenes" className="figures" aria-labelledby="origenes-titulo">
      <h2 id="origenes-titulo">{sourceCopy.title}</h2>
      <p className="figures-note">{sourceCopy.note}</p>
      <div className="figures-months">
        {months.map((figures, n) => (
          <Month
            key={figures.month}
            month={figures.month}
            sources={figures.sources ?? []}
            current={n === 0}
          />
        ))}
      </div>
    </section>
  )
}
