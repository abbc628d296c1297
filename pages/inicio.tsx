import { CtaBand } from '../src/components/cta-band'
import { FeatureGrid } from '../src/components/feature-grid'
import { HomeHero } from '../src/components/home-hero'
import { PageHead } from '../src/components/seo/page-head'
import { StatsBand } from '../src/components/stats-band'
import { Testimonials } from '../src/components/testimonials'
import { paths } from '../schema/paths'
import { inicio } from '../src/content/inicio'

export default function InicioPage() {
  return (
    <>
      <PageHead head={inicio.head} path={paths.inicio} />
      <HomeHero hero={inicio.hero} />
      <FeatureGrid id="beneficios" intro={inicio.benefits} items={inicio.benefits.items} min="19rem" />
      <StatsBand stats={inicio.stats} label={inicio.statsLabel} />
      <Testimonials testimonials={inicio.testimonials} />
      <CtaBand cta={inicio.cta} />
    </>
  )
}
