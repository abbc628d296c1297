/**
 * `.dev.vars`, the file wrangler reads the local variables and secrets of a Worker or a Pages project from
 * (the project's copy is git-ignored; `.dev.vars.example` lists what goes in it). Wrangler parses it with
 * dotenv 16's rules, which this file follows:
 *   - one `KEY=value` per line (`KEY: value` too, and an `export ` in front is ignored); keys are letters,
 *     digits, `_`, `.` and `-`;
 *   - `# …` starts a comment, on its own line or after an unquoted value; values are trimmed;
 *   - a value in '…', "…" or `…` is taken as written and may span lines; inside "…", `\n` and `\r` become a
 *     line break and a carriage return; nothing else is unescaped, and nothing is expanded (`$OTHER` stays);
 *   - a later line with the same key wins.
 * `npm start` (scripts/start.ts) reads the project's file with parseDevVars; startPages
 * (./servers.ts) writes the variables it passes wrangler into wrangler's own folder with devVarsFile, so
 * secrets never appear on a command line.
 */
import { readFileSync } from 'node:fs'

const KEY = /^[\w.-]+$/

/** The variables of a `.dev.vars` text, as wrangler reads them. */
export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {}
  const source = text.replace(/\r\n?/g, '\n')
  let at = 0
  while (at < source.length) {
    const newline = source.indexOf('\n', at)
    const lineEnd = newline === -1 ? source.length : newline
    const assignment = /^[^\S\n]*(?:export\s+)?([\w.-]+)(?:[^\S\n]*=[^\S\n]*|:[^\S\n]+)/.exec(
      source.slice(at, lineEnd),
    )
    if (!assignment) {
      at = lineEnd + 1
      continue
    }
    const key = assignment[1]!
    const valueStart = at + assignment[0].length
    const quote = source[valueStart]
    if (quote === "'" || quote === '"' || quote === '`') {
      const close = closingQuote(source, valueStart + 1, quote)
      const after = close === -1 ? -1 : source.indexOf('\n', close)
      const tail = close === -1 ? '' : source.slice(close + 1, after === -1 ? source.length : after)
      // Closed, and nothing but a comment after it on its line: a quoted value.
      if (close !== -1 && /^[^\S\n]*(?:#.*)?$/.test(tail)) {
        let value = source.slice(valueStart + 1, close)
        if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r')
        vars[key] = value
        at = after === -1 ? source.length : after + 1
        continue
      }
    }
    // Unquoted (or a quote that does not close cleanly, taken as written): up to a comment or the line's end.
    const rest = source.slice(valueStart, lineEnd)
    const hash = rest.indexOf('#')
    vars[key] = (hash === -1 ? rest : rest.slice(0, hash)).trim()
    at = lineEnd + 1
  }
  return vars
}

/** The index of the quote that closes one opened before `from` (a backslash-quote does not close it). */
function closingQuote(text: string, from: number, quote: string): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === '\\' && text[index + 1] === quote) index++
    else if (text[index] === quote) return index
  }
  return -1
}

/** The project's `.dev.vars`, or undefined when there is none. */
export function readDevVars(file: string): Record<string, string> | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  return parseDevVars(text)
}

/**
 * A `.dev.vars` text that wrangler reads back as exactly `vars`: each value in the one kind of quote it does not
 * contain ('…' first, then `…`, then "…" with its line breaks written \n). A value no quoting can carry (it holds
 * all three quotes, or a literal backslash-n beside a quote) is refused with its name.
 */
export function devVarsFile(vars: Record<string, string>): string {
  const lines = Object.entries(vars).map(([key, value]) => {
    if (!KEY.test(key)) throw new Error(`${key} is not a variable name wrangler reads`)
    const oneLine = !/[\r\n]/.test(value)
    if (oneLine && !value.includes("'")) return `${key}='${value}'`
    if (oneLine && !value.includes('`')) return `${key}=\`${value}\``
    if (!value.includes('"') && !/\\[nr]/.test(value))
      return `${key}="${value.replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`
    throw new Error(`${key}: this value cannot be written to .dev.vars (it mixes every kind of quote)`)
  })
  return `${lines.join('\n')}\n`
}
