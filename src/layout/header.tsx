import { Menu, X } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Link, NavLink, useLocation } from 'react-router-dom'
import { styled } from 'styled-components'
import { paths } from '../../schema/paths'
import { site } from '../config/site'
import { header, mainNav } from '../content/shared'
import { ButtonLink } from '../components/ui/button'
import { BrandMark } from '../components/ui/brand-mark'
import { Container } from '../components/ui/section'
import { media } from '../theme/media'

const MENU_ID = 'menu-principal'

/**
 * Sticky site header. From the medium breakpoint up the links sit inline; below it a toggle opens
 * the same list as a panel. Choosing a link, pressing Escape or navigating closes the panel.
 */
export function Header() {
  const { pathname } = useLocation()
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a')?.focus()
  }, [open])

  function closeAndReturnFocus() {
    setOpen(false)
    toggleRef.current?.focus()
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      closeAndReturnFocus()
    }
  }

  return (
    <Bar onKeyDown={onKeyDown}>
      <Inner>
        <Brand to={paths.inicio} aria-label={header.homeLabel}>
          <BrandMark size={36} />
          <span>{site.brand}</span>
        </Brand>
        <Toggle
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? header.closeMenu : header.openMenu}
          onClick={() => setOpen(!open)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Toggle>
        <Panel id={MENU_ID} ref={panelRef} data-open={open}>
          <nav aria-label={header.navLabel}>
            <NavList>
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavItem to={item.to} end={item.to === paths.inicio} onClick={() => setOpen(false)}>
                    {item.label}
                  </NavItem>
                </li>
              ))}
            </NavList>
          </nav>
          <ButtonLink to={header.cta.to} variant="primary" onClick={() => setOpen(false)}>
            {header.cta.label}
          </ButtonLink>
        </Panel>
      </Inner>
    </Bar>
  )
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(255, 255, 255, 0.97);
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: 0 1px 0 rgba(11, 42, 60, 0.02);

  @supports (backdrop-filter: blur(8px)) {
    background: rgba(255, 255, 255, 0.9);
    backdrop-filter: saturate(1.4) blur(8px);
  }
`

const Inner = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  min-height: ${({ theme }) => theme.layout.headerHeight};
  column-gap: ${({ theme }) => theme.space.lg};

  ${media.md} {
    flex-wrap: nowrap;
  }
`

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-family: ${({ theme }) => theme.font.heading};
  font-size: 1.3rem;
  font-weight: 800;
  letter-spacing: -0.01em;
  color: ${({ theme }) => theme.color.deep};
  text-decoration: none;
`

const Toggle = styled.button`
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.deep};
  cursor: pointer;

  ${media.md} {
    display: none;
  }
`

const Panel = styled.div`
  display: none;
  flex-basis: 100%;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.lg};

  &[data-open='true'] {
    display: flex;
  }

  ${media.md} {
    display: flex;
    flex-basis: auto;
    flex-direction: row;
    align-items: center;
    gap: ${({ theme }) => theme.space.lg};
    padding: 0;
  }
`

const NavList = styled.ul`
  list-style: none;
  display: flex;
  flex-direction: column;

  ${media.md} {
    flex-direction: row;
    gap: ${({ theme }) => theme.space.xs};
  }
`

const NavItem = styled(NavLink)`
  display: block;
  padding: 0.75rem 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.color.brand};
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.brandStrong};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.color.brand};
    padding-left: 0.75rem;
  }

  ${media.md} {
    padding: 0.5rem 0.75rem;
    border-bottom: 0;
    border-radius: ${({ theme }) => theme.radius.pill};

    &[aria-current='page'] {
      box-shadow: none;
      padding-left: 0.75rem;
      background: ${({ theme }) => theme.color.brandSoft};
    }
  }
`
