/**
 * A small element builder. Text is always a text node (never parsed as HTML): whatever a client typed
 * in the form shows as the characters they typed.
 */
type Child = Node | string | null | undefined | false
type Props = Record<string, string | boolean | undefined | ((event: Event) => void)>

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value)
    else if (value === true) element.setAttribute(name, '')
    else element.setAttribute(name, value)
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) element.append(child)
  return element
}
