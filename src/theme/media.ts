import { theme } from './theme'

/** Mobile-first media queries: `${media.md} { … }` applies from the medium breakpoint up. */
export const media = {
  sm: `@media (min-width: ${theme.breakpoint.sm}px)`,
  md: `@media (min-width: ${theme.breakpoint.md}px)`,
  lg: `@media (min-width: ${theme.breakpoint.lg}px)`,
  belowMd: `@media (max-width: ${theme.breakpoint.md - 0.02}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
  hover: '@media (hover: hover)',
} as const
