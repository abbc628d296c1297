/**
 * The toast's words (./components/toast.tsx): `say(message)` shows a message in the live region for 5 s.
 * The region is emptied first and the message written a moment later, so a screen reader announces a repeated
 * message too.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

const SHOW_MS = 5000
const REWRITE_MS = 50

export function useAnnouncer(): [string, (message: string) => void] {
  const [message, setMessage] = useState('')
  const timers = useRef<number[]>([])
  const say = useCallback((text: string) => {
    for (const timer of timers.current) window.clearTimeout(timer)
    setMessage('')
    timers.current = [
      window.setTimeout(() => setMessage(text), REWRITE_MS),
      window.setTimeout(() => setMessage(''), SHOW_MS),
    ]
  }, [])
  useEffect(() => {
    const pending = timers
    return () => pending.current.forEach((timer) => window.clearTimeout(timer))
  }, [])
  return [message, say]
}
