import { CtaBand } from '../src/components/cta-band'
import { PageIntro } from '../src/components/page-intro'
import { ProcessSteps } from '../src/components/process-steps'
import { ProjectGallery } from '../src/components/project-gallery'
import { PageHead } from '../src/components/seo/page-head'
import { ServiceGrid } from '../src/components/service-grid'
import { paths } from '../schema/paths'
import { servicios } from '../src/content/servicios'

export default function ServiciosPage() {
  return (
    <>
      <PageHead head={servicios.head} path={paths.servicios} />
      <PageIntro intro={servicios.intro} />
      <ServiceGrid
        services={servicios.services}
        quoteButton={servicios.quoteButton}
        label={servicios.intro.title}
      />
      <ProcessSteps process={servicios.process} />
      <ProjectGallery gallery={servicios.gallery} />
      <CtaBand cta={servicios.cta} />
    </>
  )
}
