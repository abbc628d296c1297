/**
 * @jest-environment node
 *
 * The benchmarks' one statistics module (scripts/bench/statistics.ts): what every figure they print rests on.
 */
import { median, quantile, spread } from '../../scripts/bench/statistics'

test('the median of an odd and an even count, unsorted, ignoring values that are not finite', () => {
  expect(median([5, 1, 3])).toBe(3)
  expect(median([4, 1, 3, 2])).toBe(2.5)
  expect(median([7, Number.NaN, 1, Number.POSITIVE_INFINITY, 3])).toBe(3)
})

test('an empty list has no median: NaN, never a measured-looking 0', () => {
  expect(median([])).toBeNaN()
  expect(median([Number.NaN])).toBeNaN()
  expect(quantile([], 0.25)).toBeNaN()
})

test('quantiles interpolate between neighbours; the spread gives median, range and IQR', () => {
  expect(quantile([0, 10], 0.25)).toBe(2.5)
  expect(quantile([1, 2, 3, 4, 5], 0)).toBe(1)
  expect(quantile([1, 2, 3, 4, 5], 1)).toBe(5)
  expect(spread([10, 2, 4, 8, 6])).toEqual({ median: 6, min: 2, max: 10, iqr: 4 })
})
