import { __PRIVATE__ } from 'styled-components'
import { adoptServerStyles, SSR_STYLE_ATTR } from '../../src/theme/server-styles'

/** A prerendered style tag as the server writes it: rules, then one name marker per component. */
function serverStyle(css: string, attribute = SSR_STYLE_ATTR): HTMLStyleElement {
  const style = document.createElement('style')
  style.setAttribute(attribute, '')
  style.textContent = css
  document.head.append(style)
  return style
}

afterEach(() => document.head.replaceChildren())

test('registers every class name the prerendered CSS declares, per component', () => {
  serverStyle(
    '.hAbCd{color:red;}data-styled.g1[id="sc-card"]{content:"hAbCd,"}/*!sc*/\n' +
      '.kQwEr{margin:0;}.zXcVb{margin:1rem;}data-styled.g2[id="sc-band"]{content:"kQwEr,zXcVb,"}/*!sc*/\n' +
      '@keyframes fGhJk{from{opacity:0;}}data-styled.g3[id="sc-keyframes-fGhJk"]{content:"fGhJk,"}/*!sc*/\n',
  )

  expect(adoptServerStyles()).toBe(4)
  const sheet = __PRIVATE__.mainSheet
  expect(sheet.hasNameForId('sc-card', 'hAbCd')).toBe(true)
  expect(sheet.hasNameForId('sc-band', 'kQwEr')).toBe(true)
  expect(sheet.hasNameForId('sc-band', 'zXcVb')).toBe(true)
  expect(sheet.hasNameForId('sc-keyframes-fGhJk', 'fGhJk')).toBe(true)
  // Names belong to their component only.
  expect(sheet.hasNameForId('sc-card', 'kQwEr')).toBe(false)
})

test('leaves alone style tags that are not the prerendered component CSS', () => {
  serverStyle('.aaaaa{color:red;}data-styled.g9[id="sc-other"]{content:"aaaaa,"}/*!sc*/\n', 'data-styled')
  serverStyle('body{margin:0}', 'data-global')

  expect(adoptServerStyles()).toBe(0)
  expect(__PRIVATE__.mainSheet.hasNameForId('sc-other', 'aaaaa')).toBe(false)
})
