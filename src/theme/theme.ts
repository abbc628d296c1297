/** Design tokens. Names say the role, not the value. */
export const theme = {
  color: {
    brand: '#0a6c9c',
    brandStrong: '#074f73',
    /** Where the call-to-action bands' gradient ends, past brandStrong. */
    brandDeep: '#0b3a54',
    brandSoft: '#d8eef7',
    deep: '#0b2a3c',
    deepSoft: '#123a50',
    water: '#eef7fb',
    surface: '#ffffff',
    sand: '#fbf7f0',
    accent: '#ffb547',
    accentStrong: '#f59f1c',
    text: '#13222c',
    muted: '#4b5f6c',
    onDeep: '#e6f2f8',
    onDeepMuted: '#b4cbd8',
    /** Headings on a deep band. */
    onDeepStrong: '#fff',
    /** The teal light in a corner of a deep band. */
    glow: 'rgba(23, 162, 184, 0.35)',
    border: '#d5e3ea',
    success: '#1f7a4d',
    danger: '#b42318',
    star: '#b7791f',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    heading:
      '"Avenir Next", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.9375rem',
    md: '1.0625rem',
    lg: '1.25rem',
    xl: 'clamp(1.375rem, 1.2rem + 0.8vw, 1.75rem)',
    h2: 'clamp(1.75rem, 1.4rem + 1.6vw, 2.5rem)',
    h1: 'clamp(2.125rem, 1.6rem + 2.6vw, 3.5rem)',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: 'clamp(3.5rem, 8vw, 6rem)',
    gutter: 'clamp(1rem, 4vw, 2rem)',
  },
  radius: { sm: '8px', md: '14px', lg: '22px', pill: '999px' },
  shadow: {
    sm: '0 1px 2px rgba(11, 42, 60, 0.06), 0 2px 8px rgba(11, 42, 60, 0.06)',
    md: '0 10px 30px -12px rgba(11, 42, 60, 0.25)',
  },
  layout: { maxWidth: '1200px', narrow: '760px', headerHeight: '4.25rem' },
  breakpoint: { sm: 480, md: 768, lg: 1024 },
  motion: { fast: '150ms', base: '240ms', reveal: '600ms', ease: 'cubic-bezier(0.2, 0.7, 0.2, 1)' },
} as const

export type Theme = typeof theme
