/** Cloudflare Pages Function: /api/leads, the quote form's endpoint (edge/leads/endpoint.ts). */
import { handleLeads } from '../../edge/leads/endpoint'
import type { LeadEnv } from '../../edge/leads/env'

interface LeadsContext {
  request: Request
  env: LeadEnv
  waitUntil(promise: Promise<unknown>): void
}

export const onRequest = (context: LeadsContext) =>
  handleLeads({ request: context.request, env: context.env, waitUntil: (p) => context.waitUntil(p) })
