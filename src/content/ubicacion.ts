import data from 'content:ubicacion'
import { site } from '../config/site'

/** The location page's copy (content/ubicacion.yaml), with the texts that quote company facts. */
export const ubicacion = {
  ...data,
  map: { ...data.map, text: `${site.address.street}, ${site.address.area}, ${site.address.locality}` },
  areas: { ...data.areas, items: site.serviceAreas },
} as const
export type UbicacionContent = typeof ubicacion
