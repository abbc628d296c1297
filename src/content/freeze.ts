/**
 * Freezes loaded content (plain objects and arrays, deeply), so no component can change what the
 * build validated. Icon components inside are left alone: they belong to lucide-react.
 */
export function deepFreeze<T>(value: T): T {
  if (
    Array.isArray(value) ||
    (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
  ) {
    for (const item of Object.values(value as object)) deepFreeze(item)
    Object.freeze(value)
  }
  return value
}
