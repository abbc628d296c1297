/**
 * @jest-environment node
 */
import { render } from '../../renderer/entry-server'
import { pagePaths } from '../../schema/paths'
import { declaredNames, SSR_STYLE_ATTR } from '../../src/theme/server-styles'

/** Component id -> class names, read from the markers the way the browser reads them. */
function namesById(css: string): Map<string, Set<string>> {
  const declared = new Map<string, Set<string>>()
  for (const [id, name] of declaredNames(css)) declared.set(id, (declared.get(id) ?? new Set()).add(name))
  return declared
}

// adoptServerStyles reads these markers in the browser: should styled-components change how it writes them,
// this fails before visitors pay for every rule being compiled again.
test.each([...pagePaths, '/no-existe'])(
  'the prerendered CSS of %s sits in one tag the browser adopts, whose markers name every styled class the markup uses',
  async (path) => {
    const { head, html } = await render(path)
    expect(head.match(new RegExp(`<style ${SSR_STYLE_ATTR}>`, 'g'))).toHaveLength(1)
    expect(head).not.toContain('data-styled=')
    const declared = namesById(head.slice(head.indexOf(`<style ${SSR_STYLE_ATTR}>`)))
    const undeclared: string[] = []
    let styled = 0
    for (const [, classes = ''] of html.matchAll(/ class="([^"]*)"/g)) {
      const tokens = classes.split(' ')
      for (const id of tokens.filter((token) => token.startsWith('sc-'))) {
        styled += 1
        const names = declared.get(id)
        if (!names || !tokens.some((token) => names.has(token)))
          undeclared.push(`${id} in class="${classes}"`)
      }
    }
    expect(styled).toBeGreaterThan(20)
    expect(undeclared).toEqual([])
  },
)
