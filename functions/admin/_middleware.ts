/**
 * Cloudflare Pages middleware for every request under /admin/ (the CMS and the inbox): with ADMIN_ORIGIN set,
 * they are served only on that origin, elsewhere redirected there (edge/owner/origin.ts). Only /admin/* runs
 * a function this way; the public pages stay static (free, and served even past the Functions quota).
 */
import { adminPagesGate, type GateContext } from '../../edge/owner/origin'

export const onRequest = (context: GateContext) => adminPagesGate(context)
