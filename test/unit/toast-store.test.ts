/**
 * The toast store's own timing and bookkeeping, through its public API. What a visitor sees of it (one toast
 * at a time, a new one replacing it, an update changing its text, a close, a swipe) is proven on the rendered
 * Toaster: toaster.test.tsx.
 */
import {
  dismiss,
  getSnapshot,
  resetToasts,
  subscribe,
  toast,
  TOAST_REMOVE_DELAY,
} from '../../src/toast/toast-store'

beforeEach(() => {
  jest.useFakeTimers()
  resetToasts()
})

afterEach(() => {
  resetToasts()
  jest.useRealTimers()
})

test('a dismissed toast closes at once and is removed after the exit animation, one removal however often dismissed', () => {
  const handle = toast({ title: '¡Mensaje Enviado!' })

  handle.dismiss()
  handle.dismiss()
  expect(getSnapshot().toasts).toEqual([expect.objectContaining({ id: handle.id, open: false })])
  expect(jest.getTimerCount()).toBe(1)

  jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1)
  expect(getSnapshot().toasts).toHaveLength(1)

  jest.advanceTimersByTime(1)
  expect(getSnapshot().toasts).toEqual([])
})

test('the remove delay matches an exit animation, not shadcn-ui’s 1000000 ms', () => {
  expect(TOAST_REMOVE_DELAY).toBeGreaterThanOrEqual(150)
  expect(TOAST_REMOVE_DELAY).toBeLessThanOrEqual(400)
})

test('dismiss without an id closes and later removes every toast', () => {
  toast({ title: '¡Mensaje Enviado!' })

  dismiss()
  expect(getSnapshot().toasts.every((t) => !t.open)).toBe(true)

  jest.advanceTimersByTime(TOAST_REMOVE_DELAY)
  expect(getSnapshot().toasts).toEqual([])
})

test('closing from Radix (onOpenChange(false)) dismisses the toast', () => {
  const { id } = toast({ title: '¡Mensaje Enviado!' })

  getSnapshot().toasts[0]?.onOpenChange(false)
  expect(getSnapshot().toasts).toEqual([expect.objectContaining({ id, open: false })])

  jest.advanceTimersByTime(TOAST_REMOVE_DELAY)
  expect(getSnapshot().toasts).toEqual([])
})

test('subscribers hear every change until they unsubscribe', () => {
  const listener = jest.fn()
  const unsubscribe = subscribe(listener)

  const handle = toast({ title: '¡Mensaje Enviado!' })
  handle.update({ title: 'Otro' })
  unsubscribe()
  handle.dismiss()

  expect(listener).toHaveBeenCalledTimes(2)
})
