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
    if (node.getBoundingClientRect().top < window.innerHeight) return

    node.dataset.reveal = 'waiting'
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          node.dataset.reveal = 'shown'
          observer.disconnect()
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [])

  return (
    <RevealBox as={as} ref={ref} style={delay ? { transitionDelay: `${delay}ms` } : undefined}>
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

  &[data-reveal='waiting'] {
    opacity: 0;
    transform: translateY(1.5rem);
  }

  @media (prefers-reduced-motion: reduce) {
    &[data-reveal] {
      opacity: 1;
      transform: none;
      transition: none;
    }
  }
`
