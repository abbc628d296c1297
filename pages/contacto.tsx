import { ContactAside } from '../src/components/contact-aside'
import { ContactCards } from '../src/components/contact-cards'
import { ContactLayout } from '../src/components/contact-layout'
import { FaqList } from '../src/components/faq-list'
import { PageIntro } from '../src/components/page-intro'
import { QuoteForm } from '../src/components/quote-form'
import { PageHead } from '../src/components/seo/page-head'
import { paths } from '../schema/paths'
import { contacto } from '../src/content/contacto'

export default function ContactoPage() {
  return (
    <>
      <PageHead head={contacto.head} path={paths.contacto} />
      <PageIntro intro={contacto.intro} />
      <ContactLayout
        cards={<ContactCards cards={contacto.cards} />}
        form={<QuoteForm form={contacto.form} />}
        aside={
          <ContactAside
            whyUs={contacto.whyUs}
            emergency={contacto.emergency}
            hoursTitle={contacto.hoursTitle}
            image={contacto.image}
          />
        }
      />
      <FaqList faq={contacto.faq} />
    </>
  )
}
