import { styled } from 'styled-components'
import type { ServiciosContent } from '../content/servicios'
import { media } from '../theme/media'
import { Section, SectionHeading } from './ui/section'
import { StockImage } from './ui/stock-image'

/** The project photos (1 to 12); each caption slides in on hover, and is always shown on touch screens. */
export function ProjectGallery({ gallery }: { gallery: ServiciosContent['gallery'] }) {
  return (
    <Section labelledBy="galeria" tone="sand">
      <SectionHeading id="galeria" eyebrow={gallery.eyebrow} title={gallery.title} lead={gallery.lead} />
      <Grid>
        {gallery.items.map((item, index) => (
          <Item key={index}>
            <StockImage
              image={item.image}
              sizes="(min-width: 1024px) 380px, (min-width: 480px) 50vw, 100vw"
            />
            <Caption>
              <strong>{item.caption}</strong>
              <span>{item.detail}</span>
            </Caption>
          </Item>
        ))}
      </Grid>
    </Section>
  )
}

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`

const Caption = styled.figcaption`
  position: absolute;
  inset: auto 0 0 0;
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md};
  background: linear-gradient(to top, rgba(7, 32, 47, 0.9), rgba(7, 32, 47, 0));
  color: #fff;
  transition:
    opacity ${({ theme }) => theme.motion.base},
    transform ${({ theme }) => theme.motion.base};

  span {
    font-size: ${({ theme }) => theme.fontSize.sm};
  }

  ${media.hover} {
    opacity: 0;
    transform: translateY(0.75rem);
  }
`

const Item = styled.figure`
  position: relative;
  margin: 0;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};

  img {
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    transition: transform ${({ theme }) => theme.motion.reveal} ${({ theme }) => theme.motion.ease};
  }

  &:hover img {
    transform: scale(1.04);
  }

  &:hover ${Caption} {
    opacity: 1;
    transform: none;
  }
`
