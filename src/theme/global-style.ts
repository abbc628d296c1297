import { createGlobalStyle } from 'styled-components'

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-padding-top: calc(${({ theme }) => theme.layout.headerHeight} + 1rem);
  }

  @media (prefers-reduced-motion: no-preference) {
    html { scroll-behavior: smooth; }
  }

  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${({ theme }) => theme.font.body};
    font-size: ${({ theme }) => theme.fontSize.md};
    line-height: 1.6;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surface};
    -webkit-font-smoothing: antialiased;
    overflow-wrap: break-word;
  }

  h1, h2, h3, h4 {
    font-family: ${({ theme }) => theme.font.heading};
    line-height: 1.2;
    margin: 0;
    color: ${({ theme }) => theme.color.deep};
    text-wrap: balance;
  }

  p { margin: 0; }
  ul, ol { margin: 0; padding: 0; }
  img, svg { display: block; max-width: 100%; }
  img { height: auto; }
  a { color: ${({ theme }) => theme.color.brand}; }
  button, input, select, textarea { font: inherit; color: inherit; }

  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.brand};
    outline-offset: 3px;
    border-radius: 4px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
`
