/**
 * A visitor's text where it meets a format, so it says what it says and nothing else:
 *   - a chat's `text` (the webhook's), which one receiver reads as Slack's mrkdwn and another as Markdown
 *     (Discord, Mattermost, Teams, a Make or n8n scenario forwarding it): `&`, `<`, `>` as Slack documents
 *     (docs.slack.dev "Formatting text for app surfaces", escaping), so `<!channel>` pings nobody and
 *     `<https://evil|Ver cotización>` is no link; and a zero-width space where Markdown would make a link or an
 *     image of `[texto](…)`, `[texto][1]` or a `[1]: …` definition, or a mention of `@everyone`, `@here`,
 *     `@channel`, `@all`: a backslash escape would show as a backslash in Slack, the space shows as nothing in
 *     both;
 *   - an e-mail subject: one line (no CR, LF or other line separators that could start a header), no control
 *     characters, bounded.
 * The e-mail is plain text (nothing to escape); the webhook's `lead` object carries the values as they are,
 * for machines (Make, n8n, Zapier), which must treat them as data.
 */

export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

const ZERO_WIDTH_SPACE = '\u200b'

/** Slack's escapes, then Markdown's links, images, reference definitions and mass mentions made inert. */
export function chatEscape(text: string): string {
  return slackEscape(text)
    .replace(/\](?=[([:])/g, `]${ZERO_WIDTH_SPACE}`)
    .replace(/@(?=(everyone|here|channel|all)\b)/gi, `@${ZERO_WIDTH_SPACE}`)
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
