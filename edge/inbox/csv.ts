/**
 * The leads as a CSV file that Excel in Spanish opens with its columns, accents and line breaks right:
 *   - UTF-8 with a byte-order mark: without it Excel reads the file as Windows-1252 ("TelÃ©fono");
 *   - comma-separated: Excel splits a double-clicked CSV on the system's list separator, which is `,` in
 *     Mexico's regional settings (es-MX, decimal point `.`); `;` belongs to locales with a decimal comma
 *     (es-ES). A `sep=` first line would fix the separator but makes Excel ignore the BOM (docs/decisions/023-lead-inbox.md);
 *   - every field in double quotes, `"` doubled, CRLF between records (RFC 4180), so a message's own line
 *     breaks stay inside its cell;
 *   - formulas neutralised (OWASP "CSV Injection"): a cell starting with = + - @, a tab or a carriage return
 *     gets a leading `'`, so `=HYPERLINK(…)` in a client's name is text, never run.
 */

export const CSV_BOM = '\uFEFF'
export const CSV_SEPARATOR = ','

const FORMULA_START = /^[=+\-@\t\r]/

/** One cell as text Excel shows and never evaluates. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value)
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return `"${safe.replace(/"/g, '""')}"`
}

/** One record and its CRLF: what a stream of the file writes row by row. */
export const csvLine = (row: readonly unknown[]): string => `${row.map(csvCell).join(CSV_SEPARATOR)}\r\n`

/** The whole file: BOM, header row, one row per record, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${CSV_BOM}${[header, ...rows].map(csvLine).join('')}`
}
