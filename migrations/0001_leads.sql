-- The company's quote requests (leads), kept in its own D1 database (Cloudflare's SQLite).
-- Applied in order by `wrangler d1 migrations apply` (production: --remote; tests and `npm start`: --local).
-- Never edit a migration that has shipped: add the next number.

-- One row per quote request the endpoint accepted (spam included, set aside by status).
CREATE TABLE leads (
  -- The submission id the visitor's browser generated (a UUID): a retry after a timeout sends the same id,
  -- so it can never make a second row.
  id TEXT PRIMARY KEY NOT NULL,
  -- When the row was stored, ISO 8601 in UTC (`2026-11-25T09:15:00.000Z`): sorts as text.
  created_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  service TEXT NOT NULL,
  message TEXT NOT NULL,
  -- The page path the form was sent from (`/contacto`), without query or fragment.
  page TEXT NOT NULL DEFAULT '',
  -- The owner's pipeline; `spam` holds what the filters set aside (never dropped).
  status TEXT NOT NULL DEFAULT 'nuevo'
    CHECK (status IN ('nuevo', 'contactado', 'cotizado', 'ganado', 'perdido', 'spam')),
  -- Why a lead was filed as spam by the endpoint (`honeypot`, `too-fast`, `turnstile`), else NULL.
  spam_reason TEXT,
  -- The owner's own note about the client.
  note TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
CREATE INDEX leads_by_created ON leads (created_at DESC);
CREATE INDEX leads_by_status ON leads (status, created_at DESC);

-- One row per lead and channel the owner is told through (e-mail, webhook): retried by the schedule
-- until delivered, given up after a day.
CREATE TABLE notifications (
  lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
  -- pending: not delivered yet (retried); delivered; failed: given up (shown in the inbox).
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Earliest time of the next attempt (backoff), ISO 8601 UTC.
  next_attempt_at TEXT NOT NULL,
  -- A sender holds the row until this time, so two senders (the request and the schedule) never both send.
  locked_until TEXT,
  last_error TEXT,
  delivered_at TEXT,
  PRIMARY KEY (lead_id, channel)
);
CREATE INDEX notifications_due ON notifications (state, next_attempt_at);

-- Fixed-window request counts per client address (hashed, never stored in clear), for the 429 limit.
CREATE TABLE rate_limits (
  bucket TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  hits INTEGER NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
