import { useSyncExternalStore } from 'react'
import { dismiss, getServerSnapshot, getSnapshot, subscribe, toast } from './toast-store'

/**
 * The toasts in the store, and the functions to raise and close them. `subscribe` is a stable
 * module function, so each component using the hook subscribes once (shadcn's `[]` deps); on the
 * server the snapshot is always empty, so the first client render matches the HTML.
 */
export function useToast() {
  const { toasts } = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
  return { toasts, toast, dismiss }
}
