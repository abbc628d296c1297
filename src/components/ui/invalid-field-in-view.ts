/**
 * Keeps the field the browser complains about, and its label, in view below the sticky header.
 *
 * When native validation blocks a submit, the browser fires `invalid` at every invalid control, then
 * focuses the first one and scrolls it into view *only if it thinks it is out of view*. A field that sits
 * under the sticky header counts as in view, so no engine scrolls, and `scroll-margin-top` (which only
 * applies when a scroll happens) cannot help: the visitor is told "fill in this field" about a field whose
 * label they cannot see (seen in Chromium, Firefox and WebKitGTK). WebKit also aligns a field it
 * does scroll to the top edge without the root's `scroll-padding-top`.
 *
 * So, at the first `invalid` of a submit (before the browser focuses anything), the field and its label are
 * placed in the band between the header and the bottom edge. The browser then finds the field in view,
 * leaves the page where it is and shows its own message beside it: native validation and its messages stay
 * exactly as they are (nothing here cancels the event).
 */

/** Room kept between the header (or the bottom edge) and the label or field, in CSS pixels. */
const GAP = 16

export function keepInvalidFieldInView(form: HTMLFormElement): () => void {
  let placedThisRound = false
  function onInvalid(event: Event) {
    // The browser fires every `invalid` of one submit in the same task, the first control first: that
    // one is focused. A timer (not a microtask, which runs between listeners) ends the round.
    if (placedThisRound || !(event.target instanceof HTMLElement)) return
    placedThisRound = true
    setTimeout(() => {
      placedThisRound = false
    })
    const control = event.target
    placeBelowHeader(control)
    // An engine may still adjust the scroll while it focuses the field (seen once in WebKitGTK: 31 px):
    // check again on the next frame, while the field still has the focus.
    requestAnimationFrame(() => {
      if (document.activeElement === control) placeBelowHeader(control)
    })
  }
  // `invalid` does not bubble: listen in the capture phase on the form.
  form.addEventListener('invalid', onInvalid, true)
  return () => form.removeEventListener('invalid', onInvalid, true)
}

/** Scrolls the page, at once, so that `control` and its first label are fully between header and bottom. */
export function placeBelowHeader(control: HTMLElement): void {
  const label = 'labels' in control ? (control as HTMLInputElement).labels?.[0] : undefined
  const boxes = [control, ...(label ? [label] : [])].map((element) => element.getBoundingClientRect())
  const top = Math.min(...boxes.map((box) => box.top))
  const bottom = Math.max(...boxes.map((box) => box.bottom))
  const headerBottom = Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0)
  const bandTop = headerBottom + GAP
  const bandBottom = window.innerHeight - GAP

  let delta = 0
  if (top < bandTop) delta = top - bandTop
  // Below the fold: bring the bottom up, but never push the label back under the header.
  else if (bottom > bandBottom) delta = Math.min(bottom - bandBottom, top - bandTop)
  if (delta !== 0) window.scrollBy({ top: delta, behavior: 'instant' })
}
