/**
 * The benchmark's statistics, once: quantiles by linear interpolation between the sorted values (the median is
 * the 0.5 quantile), over the finite values only, and the verdict on a difference between two variants measured
 * round by round. An empty list has no median: NaN, which prints as "NaN" rather than passing for a measured 0.
 */

/** The q-quantile (0 ≤ q ≤ 1) of the finite values; NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  const high = Math.ceil(at)
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (at - low)
}

export interface Spread {
  median: number
  min: number
  max: number
  /** Interquartile range: the 0.75 quantile less the 0.25 one. */
  iqr: number
}

export function spread(values: readonly number[]): Spread {
  return {
    median: quantile(values, 0.5),
    min: quantile(values, 0),
    max: quantile(values, 1),
    iqr: quantile(values, 0.75) - quantile(values, 0.25),
  }
}

export interface Difference {
  /** median(variant) − median(reference). */
  delta: number
  /** variant − reference per round (the same round: the same minutes of the machine). */
  paired: number[]
  /** Larger than both variants' IQR, and at least 80 % of the paired rounds agree on its sign. */
  beyondNoise: boolean
}

/** A variant against a reference, both measured once per round in the same rounds. */
export function difference(variant: readonly number[], reference: readonly number[]): Difference {
  const a = spread(variant)
  const b = spread(reference)
  const delta = a.median - b.median
  const paired = variant.map((value, index) => value - (reference[index] ?? Number.NaN))
  const agree = paired.filter((value) => value !== 0 && Math.sign(value) === Math.sign(delta)).length
  const beyondNoise =
    delta !== 0 && Math.abs(delta) > Math.max(a.iqr, b.iqr) && agree >= Math.ceil(paired.length * 0.8)
  return { delta, paired, beyondNoise }
}
