import type { ReactNode } from 'react'
import { requestToaster } from './toaster-demand'

/**
 * The toast store: module-level state, a pure reducer and `toast()`, in the shape of shadcn-ui's
 * `use-toast.ts` (deprecated/www/registry/new-york/hooks/use-toast.ts). Differences, on purpose:
 * the remove timers start in `dismiss()` so the reducer stays pure, and a dismissed toast is
 * removed once its exit animation is over instead of after 1000000 ms.
 */

/** The spec shows one toast at a time: a new one replaces the visible one. */
const TOAST_LIMIT = 1

/** How long a dismissed toast stays in the store: the length of its exit animation (toaster.tsx). */
export const TOAST_REMOVE_DELAY = 200

export type ToastVariant = 'default' | 'destructive'

/** What a caller passes to `toast()` and `update()`. */
export interface ToastProps {
  title?: ReactNode
  description?: ReactNode
  /** An element next to the text, e.g. a link; it should name itself (it is read out with the toast). */
  action?: ReactNode
  variant?: ToastVariant
  /** Milliseconds before it closes by itself; the Toaster's 5000 when omitted, `Infinity` for never. */
  duration?: number
  /**
   * What the toast must not hide (the button a failed send is tried again with): when it is on screen behind the
   * toasts, the page scrolls it above them (toaster.tsx).
   */
  uncover?: HTMLElement | null
}

/** A toast in the store: the caller's props plus what the store manages. */
export interface ToasterToast extends ToastProps {
  id: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

interface ToastState {
  readonly toasts: readonly ToasterToast[]
}

export type ToastStoreAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & Pick<ToasterToast, 'id'> }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string }

/** Pure: `DISMISS_TOAST` only closes (so the exit animation can play); `REMOVE_TOAST` deletes. */
function reducer(state: ToastState, action: ToastStoreAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) }
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      }
    case 'DISMISS_TOAST': {
      const { toastId } = action
      return {
        toasts: state.toasts.map((t) =>
          toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
        ),
      }
    }
    case 'REMOVE_TOAST': {
      const { toastId } = action
      if (toastId === undefined) return { toasts: [] }
      return { toasts: state.toasts.filter((t) => t.id !== toastId) }
    }
  }
}

/** What the server renders: no toasts (they only ever come from visitor actions). */
export const EMPTY_STATE: ToastState = { toasts: [] }

let memoryState: ToastState = EMPTY_STATE
const listeners = new Set<() => void>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()
let count = 0

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER
  return count.toString()
}

function dispatch(action: ToastStoreAction): void {
  memoryState = reducer(memoryState, action)
  listeners.forEach((listener) => listener())
}

/** For `useSyncExternalStore`: one listener per subscriber, removed by the returned function. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function getSnapshot(): ToastState {
  return memoryState
}

export function getServerSnapshot(): ToastState {
  return EMPTY_STATE
}

function scheduleRemoval(toastId: string): void {
  if (removeTimers.has(toastId)) return
  removeTimers.set(
    toastId,
    setTimeout(() => {
      removeTimers.delete(toastId)
      dispatch({ type: 'REMOVE_TOAST', toastId })
    }, TOAST_REMOVE_DELAY),
  )
}

/** Closes one toast, or every toast without an id, and removes it after its exit animation. */
export function dismiss(toastId?: string): void {
  memoryState.toasts
    .filter((t) => toastId === undefined || t.id === toastId)
    .forEach((t) => scheduleRemoval(t.id))
  dispatch({ type: 'DISMISS_TOAST', toastId })
}

/** Shows a toast (replacing the visible one) and returns handles to change or close it. */
export function toast(props: ToastProps): {
  id: string
  update: (props: ToastProps) => void
  dismiss: () => void
} {
  requestToaster()
  const id = genId()
  const update = (next: ToastProps) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } })
  const close = () => dismiss(id)

  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      // Radix calls this when the toast closes itself: timeout, swipe, Escape or the close button.
      onOpenChange: (open) => {
        if (!open) close()
      },
    },
  })

  return { id, update, dismiss: close }
}

/** Tests only: back to no toasts, no pending timers and ids from 1. */
export function resetToasts(): void {
  removeTimers.forEach((timer) => clearTimeout(timer))
  removeTimers.clear()
  count = 0
  dispatch({ type: 'REMOVE_TOAST' })
}
