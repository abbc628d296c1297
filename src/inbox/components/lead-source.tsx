/** Where a lead came from, in one line of its card: «Origen Facebook · campaña «verano»» (contract/lead-source.ts). */
import type { Lead } from '../../../contract/inbox-api'
import { sourceText } from '../../../contract/lead-source'
import { sourceCopy } from '../copy'

export function LeadSource({ lead }: { lead: Lead }) {
  return (
    <p className="meta lead-source">
      <span className="lead-source-term">{sourceCopy.source}</span> {sourceText(lead)}
    </p>
  )
}
