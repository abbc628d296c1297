import { __PRIVATE__, type ServerStyleSheet } from 'styled-components'

/**
 * The prerendered pages carry their component CSS in one `<style data-ssr-styles>` tag. The browser
 * keeps that tag as it is; hydration only tells styled-components which class names it already holds.
 *
 * Why not styled-components' own tag (`<style data-styled>`): on start-up the library "rehydrates" it,
 * parsing the text, inserting every rule again through `CSSStyleSheet.insertRule` into a tag of its
 * own and removing the server's: on our pages about 180 rules, run inside the main bundle's
 * evaluation (the longest task of the load), then a full restyle of the document, all for CSS that is
 * already in place. With 4x CPU slowdown, style recalculation on /contacto fell from ~136 to ~50 ms
 * per load once the tag was adopted instead (median of 7 loads).
 *
 * What the library needs to know is only which names exist, so that components rendering them skip
 * compiling and inserting their rules: the markers it writes after each component's rules
 * (`data-styled.g12[id="sc-abc"]{content:"hXyZ,"}`) say exactly that, and `registerName` on its main
 * sheet (exported as `__PRIVATE__`) records them. Rules for names the server never rendered (a toast,
 * a new page after client navigation) are inserted by the library as usual, into its own tag placed
 * after this one.
 *
 * test/visitor/site.test.ts checks on every page that, once hydrated, styled-components has inserted
 * no rule of its own and the page looks as prerendered.
 */
export const SSR_STYLE_ATTR = 'data-ssr-styles'

/** Server: the collected CSS (rules and name markers) in the tag the browser adopts. */
export function serverStyleTag(sheet: ServerStyleSheet): string {
  const css = sheet.instance.toString()
  return css ? `<style ${SSR_STYLE_ATTR}>${css}</style>` : ''
}

/** `data-styled.g<group>[id="<component id>"]{content:"<name>,<name>,"}`, as styled-components writes it. */
const NAME_MARKER = /data-styled\.g\d+\[id="([\w-]+)"\]\{content:"([^"]*)"\}/g

/** Every (component id, class name) pair the markers in prerendered CSS declare. */
export function* declaredNames(css: string): Generator<[id: string, name: string]> {
  for (const [, id = '', names = ''] of css.matchAll(NAME_MARKER)) {
    for (const name of names.split(',')) if (name) yield [id, name]
  }
}

/**
 * Browser, before hydrating: registers every class name found in the prerendered CSS with
 * styled-components' main sheet. Returns how many were registered.
 */
export function adoptServerStyles(root: ParentNode = document): number {
  let adopted = 0
  for (const style of root.querySelectorAll(`style[${SSR_STYLE_ATTR}]`)) {
    for (const [id, name] of declaredNames(style.textContent ?? '')) {
      __PRIVATE__.mainSheet.registerName(id, name)
      adopted += 1
    }
  }
  return adopted
}
