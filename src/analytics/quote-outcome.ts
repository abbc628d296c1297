import { ANALYTICS_ON } from './enabled'
import type { AnalyticsEvent } from './events'
import { track } from './track'
import type { DeliveryResult } from '../leads/lead'
import type { Lead } from '../leads/lead-fields'

/** The event for a quote request's outcome: only the service chosen from the list leaves the form. */
export function quoteOutcomeEvent(result: DeliveryResult, service: string): AnalyticsEvent {
  if (result.ok) return { name: 'quote_delivered', service, simulated: result.simulated }
  return result.reason === 'http'
    ? { name: 'quote_failed', reason: 'http', status: result.status }
    : { name: 'quote_failed', reason: result.reason }
}

/**
 * Counts a quote request's outcome. It takes the whole lead and reads `service` alone, so that the
 * call in the form is free of property reads and a build without analytics drops it entirely.
 */
export function trackQuoteOutcome(result: DeliveryResult, lead: Lead): void {
  if (!ANALYTICS_ON) return
  track(quoteOutcomeEvent(result, lead.service))
}
