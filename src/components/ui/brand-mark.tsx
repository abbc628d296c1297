/** The AquaPuebla mark: a pool tile with two waves. Same drawing as public/favicon.svg. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#0a6c9c" />
      <path
        d="M12 28c5 0 5-4 10-4s5 4 10 4 5-4 10-4 5 4 10 4"
        fill="none"
        stroke="#ffb547"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M12 42c5 0 5-4 10-4s5 4 10 4 5-4 10-4 5 4 10 4"
        fill="none"
        stroke="#ffffff"
        strokeWidth="5"
        strokeLinecap="round"
      />
    </svg>
  )
}
