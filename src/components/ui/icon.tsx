import type { LucideIcon } from 'lucide-react'

interface IconProps {
  icon: LucideIcon
  size?: number
}

/** A decorative icon: the text beside it carries the meaning, so it is hidden from assistive tech. */
export function Icon({ icon: Component, size = 24 }: IconProps) {
  return <Component size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} />
}
