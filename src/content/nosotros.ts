import data from 'content:nosotros'

/** The about page's copy: content/nosotros.yaml. */
export const nosotros = data
export type NosotrosContent = typeof nosotros
