/**
 * @jest-environment node
 *
 * The benchmark's statistics (scripts/bench/statistics.ts): what every figure and verdict `npm run bench` prints
 * rests on.
 */
import { difference, quantile, spread } from '../../scripts/bench/statistics'

const median = (values: number[]) => spread(values).median

test('the median of an odd and an even count, unsorted, of the finite values; of none, NaN (never a 0)', () => {
  expect(median([5, 1, 3])).toBe(3)
  expect(median([4, 1, 3, 2])).toBe(2.5)
  expect(median([7, Number.NaN, 1, Number.POSITIVE_INFINITY, 3])).toBe(3)
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

test('a difference is beyond noise only when larger than both IQRs and 80 % of the rounds agree', () => {
  // Higher in every round, by more than either spread: beyond noise.
  expect(difference([110, 112, 111, 113, 110], [100, 101, 100, 102, 101])).toEqual({
    delta: 10,
    paired: [10, 11, 11, 11, 9],
    beyondNoise: true,
  })
  // The same medians apart, but one round in three the other way: within noise.
  expect(difference([110, 90, 111], [100, 100, 100]).beyondNoise).toBe(false)
  // Agreeing rounds, but the difference inside a variant's own spread: within noise.
  expect(difference([105, 130, 101, 140, 103], [100, 100, 100, 100, 100]).beyondNoise).toBe(false)
  expect(difference([1, 1, 1], [1, 1, 1])).toEqual({ delta: 0, paired: [0, 0, 0], beyondNoise: false })
})
