import {
  dismiss,
  getSnapshot,
  reducer,
  resetToasts,
  subscribe,
  toast,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  type ToasterToast,
  type ToastState,
} from '../../src/toast/toast-store'

function makeToast(id: string, overrides: Partial<ToasterToast> = {}): ToasterToast {
  return { id, title: `Aviso ${id}`, open: true, onOpenChange: () => {}, ...overrides }
}

describe('reducer', () => {
  const empty: ToastState = { toasts: [] }

  test('shows one toast at a time', () => {
    expect(TOAST_LIMIT).toBe(1)
  })

  test('adding a second toast replaces the first', () => {
    const first = reducer(empty, { type: 'ADD_TOAST', toast: makeToast('1') })
    const second = reducer(first, { type: 'ADD_TOAST', toast: makeToast('2') })

    expect(first.toasts.map((t) => t.id)).toEqual(['1'])
    expect(second.toasts.map((t) => t.id)).toEqual(['2'])
  })

  test('an update merges its fields into the toast with the same id', () => {
    const state: ToastState = { toasts: [makeToast('1', { description: 'Antes' })] }

    const next = reducer(state, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Después' } })

    expect(next.toasts[0]).toMatchObject({ id: '1', title: 'Después', description: 'Antes', open: true })
  })

  test('an update for another id changes nothing', () => {
    const state: ToastState = { toasts: [makeToast('1')] }

    const next = reducer(state, { type: 'UPDATE_TOAST', toast: { id: '2', title: 'Otro' } })

    expect(next.toasts).toEqual(state.toasts)
  })

  test('dismissing by id closes only that toast', () => {
    const state: ToastState = { toasts: [makeToast('1'), makeToast('2')] }

    const next = reducer(state, { type: 'DISMISS_TOAST', toastId: '2' })

    expect(next.toasts.map((t) => [t.id, t.open])).toEqual([
      ['1', true],
      ['2', false],
    ])
  })

  test('dismissing without an id closes every toast but keeps them for the exit animation', () => {
    const state: ToastState = { toasts: [makeToast('1'), makeToast('2')] }

    const next = reducer(state, { type: 'DISMISS_TOAST' })

    expect(next.toasts.map((t) => [t.id, t.open])).toEqual([
      ['1', false],
      ['2', false],
    ])
  })

  test('removing by id deletes only that toast', () => {
    const state: ToastState = { toasts: [makeToast('1'), makeToast('2')] }

    expect(reducer(state, { type: 'REMOVE_TOAST', toastId: '1' }).toasts.map((t) => t.id)).toEqual(['2'])
  })

  test('removing without an id deletes every toast', () => {
    const state: ToastState = { toasts: [makeToast('1'), makeToast('2')] }

    expect(reducer(state, { type: 'REMOVE_TOAST' }).toasts).toEqual([])
  })

  test('the reducer does not change the state it is given', () => {
    const state: ToastState = Object.freeze({ toasts: Object.freeze([makeToast('1')]) })

    expect(() => reducer(state, { type: 'DISMISS_TOAST' })).not.toThrow()
    expect(state.toasts[0]?.open).toBe(true)
  })
})

describe('toast store', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    resetToasts()
  })

  afterEach(() => {
    resetToasts()
    jest.useRealTimers()
  })

  test('a raised toast is open and has an id', () => {
    const { id } = toast({ title: '¡Mensaje Enviado!' })

    expect(getSnapshot().toasts).toEqual([
      expect.objectContaining({ id, title: '¡Mensaje Enviado!', open: true }),
    ])
  })

  test('a new toast replaces the visible one', () => {
    toast({ title: 'Primero' })
    const second = toast({ title: 'Segundo' })

    expect(getSnapshot().toasts.map((t) => t.id)).toEqual([second.id])
  })

  test('a dismissed toast closes at once and is removed after the exit animation', () => {
    const handle = toast({ title: '¡Mensaje Enviado!' })

    handle.dismiss()
    expect(getSnapshot().toasts).toEqual([expect.objectContaining({ id: handle.id, open: false })])

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

  test('update changes the title of that toast', () => {
    const handle = toast({ title: 'Enviando...', description: 'Un momento' })

    handle.update({ title: '¡Mensaje Enviado!' })

    expect(getSnapshot().toasts).toEqual([
      expect.objectContaining({ id: handle.id, title: '¡Mensaje Enviado!', description: 'Un momento' }),
    ])
  })

  test('dismissing twice schedules one removal', () => {
    const handle = toast({ title: '¡Mensaje Enviado!' })

    handle.dismiss()
    handle.dismiss()

    expect(jest.getTimerCount()).toBe(1)
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
})
