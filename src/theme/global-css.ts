import { theme } from './theme'

/**
 * The site-wide base rules (box model, typography, links, focus ring, reduced motion), as plain CSS.
 *
 * They are the same on every page and never change at run time, so they are not a styled-components
 * `createGlobalStyle`: that component compiles its rules again in the browser and re-inserts them on
 * every mount, which restyles the whole document right after hydration. Vite writes this string into
 * index.html instead (vite.config.ts, `globalCssInHead`), for the dev server and the build alike, ahead
 * of the component CSS; it never ships in the JavaScript.
 */
const { color, font, fontSize, layout } = theme

const css = /* css */ `
  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-padding-top: calc(${layout.headerHeight} + 1rem);
  }

  @media (prefers-reduced-motion: no-preference) {
    html { scroll-behavior: smooth; }
  }

  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${font.body};
    font-size: ${fontSize.md};
    line-height: 1.6;
    color: ${color.text};
    background: ${color.surface};
    -webkit-font-smoothing: antialiased;
    overflow-wrap: break-word;
  }

  h1, h2, h3, h4 {
    font-family: ${font.heading};
    line-height: 1.2;
    margin: 0;
    color: ${color.deep};
    text-wrap: balance;
  }

  p { margin: 0; }
  ul, ol { margin: 0; padding: 0; }
  img, svg { display: block; max-width: 100%; }
  img { height: auto; }
  a { color: ${color.brand}; }
  button, input, select, textarea { font: inherit; color: inherit; }

  :focus-visible {
    outline: 3px solid ${color.brand};
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

/** The rules above with the indentation and line breaks taken out (they are for reading here). */
export const globalCss = css
  .replace(/\s*\n\s*/g, '')
  .replace(/\s*([{};,])\s*/g, '$1')
  .replace(/:\s+/g, ':')
  .replace(/;}/g, '}')
  .trim()
