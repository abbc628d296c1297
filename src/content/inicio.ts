import data from 'content:inicio'

/** The home page's copy: content/inicio.yaml. */
export const inicio = data
export type InicioContent = typeof inicio
