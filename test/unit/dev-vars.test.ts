/**
 * @jest-environment node
 *
 * `.dev.vars` read as wrangler reads it (scripts/hosts/dev-vars.ts follows the dotenv 16 rules wrangler 4.86
 * bundles; the expected values below are what wrangler's own parser gives for the same text, checked when this
 * test was written), and written so that wrangler reads back exactly what was meant.
 */
import { devVarsFile, parseDevVars } from '../../scripts/hosts/dev-vars'

test('comments, export, quotes, line breaks, repeated keys; nothing expanded, only \\n and \\r unescaped in "…"', () => {
  const text = [
    '# Avisos de solicitudes',
    'A=1',
    'B = "x\\ny"  # después de las comillas',
    'export C=3',
    "D='q # dentro de comillas no es comentario'",
    'E=a#b',
    'F=a #b',
    'G="dos',
    'líneas"',
    'H= con espacios ',
    "I='a' b",
    'J=',
    'K: dos puntos',
    'L=`comilla \' y "`',
    'M="sin cerrar',
    'N=ok',
    'sin igual',
    'A=2',
    "O='$HOME \\n'",
    'P=$HOME',
    'Q="tab\\tcomilla\\""',
    '',
  ].join('\r\n')
  expect(parseDevVars(text)).toEqual({
    A: '2',
    B: 'x\ny',
    C: '3',
    D: 'q # dentro de comillas no es comentario',
    E: 'a',
    F: 'a',
    G: 'dos\nlíneas',
    H: 'con espacios',
    I: "'a' b",
    J: '',
    K: 'dos puntos',
    L: 'comilla \' y "',
    M: '"sin cerrar',
    N: 'ok',
    O: '$HOME \\n',
    P: '$HOME',
    Q: 'tab\\tcomilla\\"',
  })
})

test('what startPages writes for wrangler reads back as the same values', () => {
  const vars = {
    EMAIL_FROM: 'AquaPuebla <avisos@aquapuebla.mx>',
    SECRET: "con 'comilla' y #almohadilla y $DOLAR",
    BOTH: "simple ' y invertida `",
    LINES: 'una\ndos',
    LITERAL: 'barra \\n literal',
    EMPTY: '',
  }
  const file = devVarsFile(vars)
  expect(parseDevVars(file)).toEqual(vars)
  expect(() => devVarsFile({ ALL: `' \` "` })).toThrow(/ALL/)
  expect(() => devVarsFile({ 'NO VALE': 'x' })).toThrow(/NO VALE/)
})
