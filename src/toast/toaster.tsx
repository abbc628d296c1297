import * as ToastPrimitive from '@radix-ui/react-toast'
import { X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { css, keyframes, styled } from 'styled-components'
import { toastLabels } from '../content/shared'
import { media } from '../theme/media'
import { TOAST_REMOVE_DELAY, type ToastVariant } from './toast-store'
import { useToast } from './use-toast'

/** A module constant: Radix re-binds its hotkey listener whenever this array changes identity. */
const VIEWPORT_HOTKEY = ['F8']

/** Toasts are capped at this width from the medium breakpoint up (spec, section 4). */
const TOAST_MAX_WIDTH = '420px'

/** Room kept free under the toasts for the floating WhatsApp button (3.5rem + its 1–1.5rem offset). */
const FLOATING_BUTTON_CLEARANCE = { base: '5.5rem', md: '6rem' }

/**
 * The one notification area, rendered once in the site layout. The spec pins Radix's defaults
 * (label, 5000 ms, swipe right at 50 px, F8 and the viewport label); they are passed explicitly so
 * they read as meant. The store decides what is shown; Radix handles timers, pausing on hover and
 * focus, swipe, Escape and the screen-reader announcement.
 */
export function Toaster() {
  const { toasts } = useToast()
  const [region, setRegion] = useState<HTMLOListElement | null>(null)
  useUncovered(region, toasts.find((toast) => toast.open && toast.uncover)?.uncover)

  return (
    <ToastPrimitive.Provider label="Notification" duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant = 'default', duration, open, onOpenChange }) => (
        <Root key={id} open={open} onOpenChange={onOpenChange} duration={duration} $variant={variant}>
          <Content>
            {title != null && <Title>{title}</Title>}
            {description != null && <Description>{description}</Description>}
          </Content>
          {action != null && <ActionSlot>{action}</ActionSlot>}
          <Close aria-label={toastLabels.close}>
            <X aria-hidden="true" size={18} />
          </Close>
        </Root>
      ))}
      <Viewport ref={setRegion} hotkey={VIEWPORT_HOTKEY} label="Notifications ({hotkey})" />
    </ToastPrimitive.Provider>
  )
}

/**
 * While a toast that names an element to keep uncovered is open, each time the toasts' region takes its size (the
 * toast laid out; the store renders it a moment after the region exists), that element, when the region covers it
 * on screen, is scrolled to just above the region. A phone's visitor taps «Enviar Mensaje» at the bottom of the
 * screen: the failure toast must not sit over the button they try again with. An element off screen is left where
 * it is, and so is the page once the visitor scrolls it (no resize then).
 */
function useUncovered(region: HTMLOListElement | null, element: HTMLElement | null | undefined) {
  useEffect(() => {
    if (!region || !element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      const target = element.getBoundingClientRect()
      const toasts = region.getBoundingClientRect()
      const across = target.right > toasts.left && target.left < toasts.right
      const hidden = target.bottom - toasts.top
      if (across && hidden > 0 && target.top < toasts.bottom) window.scrollBy({ top: hidden })
    })
    observer.observe(region)
    return () => observer.disconnect()
  }, [region, element])
}

const slideInFromBottom = keyframes`
  from { transform: translateY(100%); opacity: 0; }
  to { transform: translateY(0); opacity: 1; }
`

const slideInFromRight = keyframes`
  from { transform: translateX(calc(100% + 1.5rem)); }
  to { transform: translateX(0); }
`

const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`

const swipeOut = keyframes`
  from { transform: translateX(var(--radix-toast-swipe-end-x)); }
  to { transform: translateX(calc(100% + 1.5rem)); }
`

/*
 * Fixed, so it never takes room in the page; `pointer-events: none` so its padding never blocks
 * the page (Radix also sets it on the region while it is empty), with the toasts opting back in.
 */
const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  z-index: 100;
  right: 0;
  bottom: 0;
  left: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-height: 100vh;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  padding-bottom: calc(${FLOATING_BUTTON_CLEARANCE.base} + env(safe-area-inset-bottom));
  list-style: none;
  pointer-events: none;

  ${media.md} {
    left: auto;
    width: 100%;
    max-width: calc(${TOAST_MAX_WIDTH} + 2 * ${({ theme }) => theme.space.lg});
    padding: ${({ theme }) => theme.space.lg};
    padding-bottom: calc(${FLOATING_BUTTON_CLEARANCE.md} + env(safe-area-inset-bottom));
  }

  /* Nothing to show: no box, and no focus ring if F8 focuses it. */
  &:empty {
    padding: 0;
    outline: none;
  }
`

const Root = styled(ToastPrimitive.Root)<{ $variant: ToastVariant }>`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  width: 100%;
  padding: ${({ theme }) => theme.space.md};
  padding-right: 3rem;
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  pointer-events: auto;

  ${({ $variant, theme }) =>
    $variant === 'destructive'
      ? css`
          border-color: ${theme.color.danger};
          background: ${theme.color.danger};
          color: #fff;

          /* Plain links in the text (a phone number) stay readable on red; styled ones keep theirs. */
          a:not([class]) {
            color: inherit;
            font-weight: 700;
          }

          *:focus-visible {
            outline-color: #fff;
          }
        `
      : css`
          border-color: ${theme.color.border};
          background: ${theme.color.surface};
          color: ${theme.color.text};
        `}

  ${media.md} {
    max-width: ${TOAST_MAX_WIDTH};
  }

  &[data-state='open'] {
    animation: ${slideInFromBottom} ${({ theme }) => theme.motion.base} ${({ theme }) => theme.motion.ease};

    ${media.md} {
      animation-name: ${slideInFromRight};
    }
  }

  /* The store removes a closed toast after TOAST_REMOVE_DELAY: the exit lasts exactly that long. */
  &[data-state='closed'] {
    animation: ${fadeOut} ${TOAST_REMOVE_DELAY}ms ease-in forwards;
  }

  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }

  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform ${({ theme }) => theme.motion.fast} ease-out;
  }

  &[data-swipe='end'] {
    animation: ${swipeOut} ${TOAST_REMOVE_DELAY}ms ease-out forwards;
  }

  ${media.reducedMotion} {
    &[data-state],
    &[data-swipe] {
      animation: none;
      transition: none;
    }
  }
`

const Content = styled.div`
  display: grid;
  flex: 1 1 14rem;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`

const Title = styled(ToastPrimitive.Title)`
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: 700;
  line-height: 1.3;
`

const Description = styled(ToastPrimitive.Description)`
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: 1.5;
  opacity: 0.92;
`

const ActionSlot = styled.div`
  flex: 0 0 auto;
`

const Close = styled(ToastPrimitive.Close)`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  right: ${({ theme }) => theme.space.sm};
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  opacity: 0.7;
  cursor: pointer;
  transition: opacity ${({ theme }) => theme.motion.fast};

  &:hover,
  &:focus-visible {
    opacity: 1;
  }
`
