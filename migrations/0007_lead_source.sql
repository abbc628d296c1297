-- Issue 43 (decision 047): where each client came from. The page notes the visit's source in memory when the
-- visitor lands (no cookie, no storage) and the form sends it with the lead; the endpoint bounds it and stores it
-- here. contract/lead-source.ts labels it for the owner («Google (búsqueda)», «Facebook», «Directo» …) in the
-- alerts, the inbox and the CSV. Kept with the lead and deleted with it (LEAD_RETENTION_DAYS).
-- Existing rows keep working: source_via is NULL for them, which every reader labels «Sin datos».

-- How the facts were learnt: 'page' (the page saw the visitor land), 'site' (that first page came from another
-- page of this site, so the original source was not seen), 'post' (no page said anything: the form was sent
-- before or without its scripts; only the tags in the address of the page that sent it, from its Referer).
ALTER TABLE leads ADD COLUMN source_via TEXT CHECK (source_via IN ('page', 'site', 'post'));
-- The path of the page the visitor landed on (no query, no fragment); '' when not seen.
ALTER TABLE leads ADD COLUMN source_landing TEXT NOT NULL DEFAULT '';
-- The referring site's host only (never its path or query); '' for none, for this site itself, or not seen.
ALTER TABLE leads ADD COLUMN source_referrer TEXT NOT NULL DEFAULT '';
-- The campaign tags of the landing address, cleaned and at most 100 characters each.
ALTER TABLE leads ADD COLUMN source_utm_source TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN source_utm_medium TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN source_utm_campaign TEXT NOT NULL DEFAULT '';
-- Whether the landing address carried an ad's click id: Google's (gclid, gbraid, wbraid) or Facebook's (fbclid).
-- Only whether: a click id's value is never stored.
ALTER TABLE leads ADD COLUMN source_gclid INTEGER NOT NULL DEFAULT 0 CHECK (source_gclid IN (0, 1));
ALTER TABLE leads ADD COLUMN source_fbclid INTEGER NOT NULL DEFAULT 0 CHECK (source_fbclid IN (0, 1));

-- The schema the code expects (edge/leads/schema.ts). Never lowered: migrations of parallel branches may be
-- applied after this one, and a lower number would read as "behind" when it is not.
INSERT INTO lead_settings (name, value) VALUES ('schema', '7')
  ON CONFLICT (name) DO UPDATE SET value = max(CAST(value AS INTEGER), 7);
