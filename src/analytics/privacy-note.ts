import { analyticsPrivacy } from '../content/contacto'
import { ANALYTICS_ON } from './enabled'

/**
 * What the privacy notice under the quote form adds about measurement, for the providers this build
 * has; an empty string (and none of the copy in the bundle) when analytics is off.
 */
export const analyticsPrivacyNote: string = ANALYTICS_ON
  ? [
      analyticsPrivacy.measured,
      PLAUSIBLE_DOMAIN ? analyticsPrivacy.plausible : '',
      GA4_ID ? analyticsPrivacy.ga4 : '',
    ]
      .filter(Boolean)
      .join(' ')
  : ''
