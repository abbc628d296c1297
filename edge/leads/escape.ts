/**
 * A visitor's text where it meets a format, so it says what it says and nothing else:
 *   - Slack's `text` (mrkdwn): `&`, `<`, `>` as Slack documents (docs.slack.dev "Formatting text for app
 *     surfaces", escaping), so `<!channel>` pings nobody and `<https://evil|Ver cotización>` is no link;
 *   - an e-mail subject: one line (no CR, LF or other line separators that could start a header), no control
 *     characters, bounded.
 * The e-mail is plain text (nothing to escape); the webhook's `lead` object carries the values as they are,
 * for machines (Make, n8n, Zapier), which must treat them as data.
 */

export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** One line of at most `max` characters (an ellipsis marks a cut). */
export function oneLine(text: string, max: number): string {
  const line = text.replace(CONTROL_OR_BREAK, ' ').replace(/\s+/g, ' ').trim()
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`
}

/** "1 solicitud", "12 solicitudes" */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}
