import { BadgeCheck } from 'lucide-react'
import { styled } from 'styled-components'
import type { NosotrosContent } from '../content/nosotros'
import { media } from '../theme/media'
import { Eyebrow, Section } from './ui/section'
import { StockImage } from './ui/stock-image'

export function CompanyStory({ story }: { story: NosotrosContent['story'] }) {
  return (
    <Section labelledBy="historia">
      <Columns>
        <div>
          <Eyebrow>{story.eyebrow}</Eyebrow>
          <h2 id="historia">{story.title}</h2>
          {story.paragraphs.map((paragraph) => (
            <Paragraph key={paragraph}>{paragraph}</Paragraph>
          ))}
          <Note>
            <BadgeCheck aria-hidden="true" size={28} />
            <p>{story.certificationNote}</p>
          </Note>
        </div>
        <Figure>
          <StockImage image={story.image} sizes="(min-width: 1024px) 560px, (min-width: 768px) 45vw, 100vw" />
        </Figure>
      </Columns>
    </Section>
  )
}

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xxl};
  align-items: center;

  h2 {
    font-size: ${({ theme }) => theme.fontSize.h2};
  }

  ${media.md} {
    grid-template-columns: 1.1fr 1fr;
  }
`

const Paragraph = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.muted};
`

const Note = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
  margin-top: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.water};
  border-left: 4px solid ${({ theme }) => theme.color.brand};
  font-weight: 600;
  color: ${({ theme }) => theme.color.deep};

  svg {
    flex: none;
    color: ${({ theme }) => theme.color.brand};
  }
`

const Figure = styled.figure`
  margin: 0;

  img {
    width: 100%;
    aspect-ratio: 3 / 2;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.lg};
    box-shadow: ${({ theme }) => theme.shadow.md};
    background: ${({ theme }) => theme.color.brandSoft};
  }
`
