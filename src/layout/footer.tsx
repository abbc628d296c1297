import { Mail, MapPin, Phone } from 'lucide-react'
import { Link } from 'react-router-dom'
import { styled } from 'styled-components'
import { placement } from '../analytics/placement'
import { paths } from '../../schema/paths'
import { site } from '../config/site'
import { footer } from '../content/shared'
import { BrandMark } from '../components/ui/brand-mark'
import { Container } from '../components/ui/section'
import { SocialIcon } from '../components/ui/social-icon'
import { VisuallyHidden } from '../components/ui/visually-hidden'
import { media } from '../theme/media'

export function Footer() {
  return (
    <Wrapper>
      <Columns>
        <div>
          <Brand to={paths.inicio}>
            <BrandMark size={32} />
            <span>{site.brand}</span>
          </Brand>
          <Blurb>{footer.blurb}</Blurb>
          <Social aria-label={footer.socialTitle}>
            {footer.social.map((network) => (
              <li key={network}>
                <SocialIcon network={network} />
              </li>
            ))}
          </Social>
        </div>
        <nav aria-labelledby="footer-links">
          <ColumnTitle id="footer-links">{footer.quickLinksTitle}</ColumnTitle>
          <List>
            {footer.quickLinks.map((link) => (
              <li key={link.to}>
                <FooterLink to={link.to}>{link.label}</FooterLink>
              </li>
            ))}
          </List>
        </nav>
        <address {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('footer') : {})}>
          <ColumnTitle as="p">{footer.contactTitle}</ColumnTitle>
          <List>
            <li>
              <Phone aria-hidden="true" size={18} />
              <a href={site.phone.href}>
                <VisuallyHidden>{footer.phoneLabel}: </VisuallyHidden>
                {site.phone.display}
              </a>
            </li>
            <li>
              <Mail aria-hidden="true" size={18} />
              <a href={site.email.href}>
                <VisuallyHidden>{footer.emailLabel}: </VisuallyHidden>
                {site.email.address}
              </a>
            </li>
            <li>
              <MapPin aria-hidden="true" size={18} />
              <span>{site.address.short}</span>
            </li>
          </List>
        </address>
      </Columns>
      <Bottom>
        <Container>
          <p data-avoid-floating>{footer.copyright}</p>
        </Container>
      </Bottom>
    </Wrapper>
  )
}

const Wrapper = styled.footer`
  background: ${({ theme }) => theme.color.deep};
  color: ${({ theme }) => theme.color.onDeepMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  a {
    color: ${({ theme }) => theme.color.onDeep};
    text-decoration: none;
  }

  a:hover {
    text-decoration: underline;
  }

  address {
    font-style: normal;
  }
`

const Columns = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  padding-top: ${({ theme }) => theme.space.xxl};
  padding-bottom: ${({ theme }) => theme.space.xxl};

  ${media.md} {
    grid-template-columns: 2fr 1fr 1.4fr;
    gap: ${({ theme }) => theme.space.xxl};
  }
`

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-family: ${({ theme }) => theme.font.heading};
  font-size: 1.25rem;
  font-weight: 800;
  && {
    color: #fff;
  }
`

const Blurb = styled.p`
  margin: ${({ theme }) => theme.space.md} 0;
  max-width: 28rem;
`

const Social = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;

  li {
    display: grid;
    place-items: center;
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.deepSoft};
    color: ${({ theme }) => theme.color.onDeep};
  }
`

const ColumnTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.md};
  font-family: ${({ theme }) => theme.font.heading};
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: 700;
  color: #fff;
`

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }

  svg {
    flex: none;
    color: ${({ theme }) => theme.color.accent};
  }
`

const FooterLink = styled(Link)`
  display: inline-block;
  padding: 0.2rem 0;
`

const Bottom = styled.div`
  border-top: 1px solid ${({ theme }) => theme.color.deepSoft};
  padding: ${({ theme }) => theme.space.lg} 0;
  font-size: ${({ theme }) => theme.fontSize.xs};
`
