import { ContactActions } from '../src/components/contact-actions'
import { Directions } from '../src/components/directions'
import { LocationOverview } from '../src/components/location-overview'
import { PageIntro } from '../src/components/page-intro'
import { PageHead } from '../src/components/seo/page-head'
import { ServiceAreas } from '../src/components/service-areas'
import { paths } from '../schema/paths'
import { ubicacion } from '../src/content/ubicacion'

export default function UbicacionPage() {
  return (
    <>
      <PageHead head={ubicacion.head} path={paths.ubicacion} />
      <PageIntro intro={ubicacion.intro} />
      <LocationOverview office={ubicacion.office} map={ubicacion.map} />
      <ServiceAreas areas={ubicacion.areas} />
      <Directions directions={ubicacion.directions} />
      <ContactActions title={ubicacion.contact.title} text={ubicacion.contact.text} />
    </>
  )
}
