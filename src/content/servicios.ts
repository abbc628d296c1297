import data from 'content:servicios'
import { formatAmount } from './format'
import type { Price } from './types'

/** The services page's copy, services and prices: content/servicios.yaml. */
export const servicios = data
export type ServiciosContent = typeof servicios

/** "Desde $150,000 MXN", "Desde $800 MXN/mes" or "Consultar precio". */
export function formatPrice(price: Price): string {
  if (price.kind === 'consult') return 'Consultar precio'
  const amount = `${servicios.pricePrefix} ${formatAmount(price.amount)} MXN`
  return price.per ? `${amount}/${price.per}` : amount
}
