import { useEffect, useRef, type ReactNode } from 'react'
import { styled } from 'styled-components'

/**
 * Entrance animation that plays once, when the block first scrolls into view.
 *
 * The server renders the block fully visible, so content never depends on a script. After
 * hydration, blocks still below the viewport are hidden and revealed as they scroll in; blocks
 * already on screen are left alone. Visitors who prefer reduced motion get no animation at all.
 */
interface RevealProps {
  children: ReactNode
  delay?: number
  /** Render as a list item when the block is one item of a list. */
  as?: 'div' | 'li'
}

export function Reveal({ children, delay = 0, as = 'div' }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const node = ref.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return

    // The observer's first report says, without forcing a layout, whether the block starts below
    // the viewport; only those blocks are hidden, then shown once as they scroll in.
    let first = true
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return
        if (first) {
          first = false
          if (entry.isIntersecting || entry.boundingClientRect.top < 0) observer.disconnect()
          else {
            // Set through the CSSOM, never as a style="" attribute in the HTML, which the
            // Content-Security-Policy (style-src without 'unsafe-inline') would block.
            if (delay) node.style.transitionDelay = `${delay}ms`
            node.dataset.reveal = 'waiting'
          }
          return
        }
        if (entry.isIntersecting) {
          node.dataset.reveal = 'shown'
          observer.disconnect()
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [delay])

  return (
    <RevealBox as={as} ref={ref}>
      {children}
    </RevealBox>
  )
}

const RevealBox = styled.div`
  height: 100%;
  list-style: none;
  transition:
    opacity ${({ theme }) => theme.motion.reveal} ${({ theme }) => theme.motion.ease},
    transform ${({ theme }) => theme.motion.reveal} ${({ theme }) => theme.motion.ease};

  /* Hidden at once, not animated: the block is below the viewport, nobody sees it go. An animated hide
     ran a 600 ms transition on every such block right after hydration, and each transitionrun/start/end
     event went through React's root listener: 70-220 ms of main-thread work at 4x CPU (docs/performance.md: tbt-breakdown). The
     reveal still animates: a transition uses the transition-* values of the style it changes to. */
  &[data-reveal='waiting'] {
    opacity: 0;
    transform: translateY(1.5rem);
    transition: none;
  }

  @media (prefers-reduced-motion: reduce) {
    &[data-reveal] {
      opacity: 1;
      transform: none;
      transition: none;
    }
  }
`
