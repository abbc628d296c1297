/**
 * Finding an element by its accessible role and name, the cheap part: the elements that could have `role` and
 * whose text or label contains `name`, picked in the page. A driver then asks the browser's accessibility tree
 * about these few only (WebKit: WebDriver's computed role and name; Firefox: WebDriver BiDi's accessibility
 * locator under each one's parent), which keeps the round trips few and each one small.
 */

/** The elements that can have each role a test asks for (a role not listed here is refused by name). */
const ROLE_CANDIDATES: Record<string, string> = {
  link: 'a[href]',
  button: 'button, [role="button"], input[type="submit"], input[type="button"]',
  textbox:
    'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="search"], textarea',
  // WebKit exposes a single-choice <select> as a pop-up button (as Safari does: AXPopUpButton).
  combobox: 'select, [role="combobox"]',
  searchbox: 'input[type="search"], [role="searchbox"]',
  radio: 'input[type="radio"], [role="radio"]',
  navigation: 'nav, [role="navigation"]',
  region: 'section, [role="region"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
}

/** The CSS selector of `role`'s candidates, or an error naming the role. */
export function candidateSelector(role: string): string {
  const selector = ROLE_CANDIDATES[role]
  if (!selector) throw new Error(`no candidates known for role ${role}`)
  return selector
}

/**
 * Runs in the page: the elements under `root` (or the document) matching `css` whose aria-label, text, value or
 * label text contains `wanted` (spaces collapsed). Any accessible name the element can have is made of these.
 */
export const candidatesInPage = (css: string, wanted: string, root: Element | null): Element[] =>
  [...(root ?? document).querySelectorAll(css)].filter((element) => {
    const text = [
      element.getAttribute('aria-label'),
      element.textContent,
      (element as HTMLInputElement).value,
      ...[...((element as HTMLInputElement).labels ?? [])].map((label) => label.textContent),
    ].join(' ')
    return text.replace(/\s+/g, ' ').includes(wanted)
  })
