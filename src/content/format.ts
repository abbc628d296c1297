/** Formats prices once, the way Mexican visitors read them: $150,000. */
const priceFormat = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  maximumFractionDigits: 0,
})

/** "$150,000": a price amount as every text quotes it. */
export function formatAmount(amount: number): string {
  return priceFormat.format(amount)
}
