/**
 * The toast store's own timing and bookkeeping, through its public API. What a visitor sees of it is proven on the
 * rendered Toaster (toaster.test.tsx) and in Chromium (test/visitor/quote-form.test.ts: one toast at a time, its
 * 5000 ms, the swipe).
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

test.each<[string, (handle: ReturnType<typeof toast>) => void]>([
  [
    'its handle, twice',
    (handle) => {
      handle.dismiss()
      handle.dismiss()
    },
  ],
  ['dismiss() without an id', () => dismiss()],
  ['Radix (onOpenChange(false))', () => getSnapshot().toasts[0]?.onOpenChange(false)],
])(
  'dismissed by %s, a toast closes at once and is removed once, after the exit animation (not shadcn-ui’s 1000000 ms)',
  (_by, close) => {
    const handle = toast({ title: '¡Mensaje Enviado!' })
    close(handle)
    expect(getSnapshot().toasts).toEqual([expect.objectContaining({ id: handle.id, open: false })])
    expect(jest.getTimerCount()).toBe(1)
    expect(TOAST_REMOVE_DELAY).toBeGreaterThanOrEqual(150)
    expect(TOAST_REMOVE_DELAY).toBeLessThanOrEqual(400)
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1)
    expect(getSnapshot().toasts).toHaveLength(1)
    jest.advanceTimersByTime(1)
    expect(getSnapshot().toasts).toEqual([])
  },
)

test('subscribers hear every change until they unsubscribe', () => {
  const listener = jest.fn()
  const unsubscribe = subscribe(listener)

  const handle = toast({ title: '¡Mensaje Enviado!' })
  handle.update({ title: 'Otro' })
  unsubscribe()
  handle.dismiss()

  expect(listener).toHaveBeenCalledTimes(2)
})
