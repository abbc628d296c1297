import type { ComponentProps, ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css, styled } from 'styled-components'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'light'

interface Tone {
  $variant?: ButtonVariant
  $size?: 'md' | 'lg'
  $block?: boolean
}

/** Shared look of every button and button-like link. */
export const buttonStyles = css<Tone>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: ${({ $size }) => ($size === 'lg' ? '3.25rem' : '2.75rem')};
  padding: 0 ${({ $size }) => ($size === 'lg' ? '1.75rem' : '1.25rem')};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 2px solid transparent;
  font-weight: 700;
  font-size: ${({ theme, $size }) => ($size === 'lg' ? theme.fontSize.md : theme.fontSize.sm)};
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    border-color ${({ theme }) => theme.motion.fast},
    color ${({ theme }) => theme.motion.fast},
    transform ${({ theme }) => theme.motion.fast};

  &:active {
    transform: translateY(1px);
  }

  &:disabled,
  &[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.75;
  }

  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.color.accent};
          color: ${theme.color.deep};
          &:hover {
            background: ${theme.color.accentStrong};
          }
        `
      case 'secondary':
        return css`
          background: ${theme.color.brand};
          color: #fff;
          &:hover {
            background: ${theme.color.brandStrong};
          }
        `
      case 'light':
        return css`
          background: transparent;
          color: #fff;
          border-color: rgba(255, 255, 255, 0.85);
          &:hover {
            background: rgba(255, 255, 255, 0.12);
          }
        `
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.color.brandStrong};
          border-color: ${theme.color.brand};
          &:hover {
            background: ${theme.color.water};
          }
        `
    }
  }}
`

type ButtonLinkProps = ComponentProps<typeof Link> & {
  variant?: ButtonVariant
  size?: 'md' | 'lg'
  block?: boolean
}

/** An in-site link that looks like a button. */
export function ButtonLink({ variant, size, block, ...rest }: ButtonLinkProps) {
  return <StyledLink $variant={variant} $size={size} $block={block} {...rest} />
}

type ExternalButtonProps = ComponentProps<'a'> & {
  variant?: ButtonVariant
  size?: 'md' | 'lg'
  block?: boolean
  children: ReactNode
}

/** tel:, mailto:, wa.me and maps links that look like buttons. */
export function ExternalButton({ variant, size, block, ...rest }: ExternalButtonProps) {
  return <StyledAnchor $variant={variant} $size={size} $block={block} {...rest} />
}

export const Button = styled.button<Tone>`
  ${buttonStyles}
`

const StyledLink = styled(Link)<Tone>`
  ${buttonStyles}
`

const StyledAnchor = styled.a<Tone>`
  ${buttonStyles}
`
