import { CompanyStory } from '../src/components/company-story'
import { CtaBand } from '../src/components/cta-band'
import { FeatureGrid } from '../src/components/feature-grid'
import { MissionVision } from '../src/components/mission-vision'
import { PageIntro } from '../src/components/page-intro'
import { PageHead } from '../src/components/seo/page-head'
import { TeamGrid } from '../src/components/team-grid'
import { paths } from '../schema/paths'
import { nosotros } from '../src/content/nosotros'

export default function NosotrosPage() {
  return (
    <>
      <PageHead head={nosotros.head} path={paths.nosotros} />
      <PageIntro intro={nosotros.intro} />
      <CompanyStory story={nosotros.story} />
      <MissionVision mission={nosotros.mission} vision={nosotros.vision} />
      <FeatureGrid id="valores" intro={nosotros.values} items={nosotros.values.items} min="14rem" />
      <TeamGrid team={nosotros.team} />
      <FeatureGrid
        id="certificaciones"
        intro={nosotros.certifications}
        items={nosotros.certifications.items}
        tone="water"
      />
      <CtaBand cta={nosotros.cta} />
    </>
  )
}
