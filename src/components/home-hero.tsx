import { Check } from 'lucide-react'
import { styled } from 'styled-components'
import type { InicioContent } from '../content/inicio'
import { media } from '../theme/media'
import { ButtonLink } from './ui/button'
import { Container, Eyebrow } from './ui/section'
import { StockImage } from './ui/stock-image'

/** Home hero: the page's only h1 over the LCP photo, with the two main actions. */
export function HomeHero({ hero }: { hero: InicioContent['hero'] }) {
  return (
    <Wrapper aria-labelledby="hero-title">
      <Photo image={hero.image} sizes="100vw" priority />
      <Content>
        <Copy>
          <Eyebrow $onDeep>{hero.eyebrow}</Eyebrow>
          <h1 id="hero-title">{hero.title}</h1>
          <Lead>{hero.lead}</Lead>
          <Actions>
            <ButtonLink to={hero.primary.to} variant="primary" size="lg">
              {hero.primary.label}
            </ButtonLink>
            <ButtonLink to={hero.secondary.to} variant="light" size="lg">
              {hero.secondary.label}
            </ButtonLink>
          </Actions>
          <Highlights>
            {hero.highlights.map((item) => (
              <li key={item}>
                <Check aria-hidden="true" size={18} />
                {item}
              </li>
            ))}
          </Highlights>
        </Copy>
      </Content>
    </Wrapper>
  )
}

const Wrapper = styled.section`
  position: relative;
  isolation: isolate;
  overflow: hidden;
  background: ${({ theme }) => theme.color.deep};
  color: #fff;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    z-index: -1;
    background: linear-gradient(
      100deg,
      rgba(7, 32, 47, 0.92) 0%,
      rgba(7, 40, 58, 0.78) 45%,
      rgba(7, 40, 58, 0.35) 100%
    );
  }
`

const Photo = styled(StockImage)`
  position: absolute;
  inset: 0;
  z-index: -2;
  width: 100%;
  height: 100%;
  object-fit: cover;
`

const Content = styled(Container)`
  display: flex;
  align-items: center;
  min-height: min(calc(100svh - ${({ theme }) => theme.layout.headerHeight}), 44rem);
  padding-top: clamp(3.5rem, 10vw, 6rem);
  padding-bottom: clamp(3.5rem, 10vw, 6rem);
`

const Copy = styled.div`
  max-width: 40rem;

  h1 {
    color: #fff;
    font-size: ${({ theme }) => theme.fontSize.h1};
    letter-spacing: -0.02em;
  }
`

const Lead = styled.p`
  margin-top: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSize.lg};
  color: ${({ theme }) => theme.color.onDeep};
  max-width: 34rem;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};

  a {
    flex: 1 1 12rem;
  }

  ${media.sm} {
    a {
      flex: 0 0 auto;
    }
  }
`

const Highlights = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.xl};
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.onDeep};

  li {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
  }

  svg {
    color: ${({ theme }) => theme.color.accent};
  }
`
