-- Issue 30 (decision 025): a fill time is a signal, not a verdict; site-wide ceilings on what is stored and
-- alerted per hour, counted; notifications of more than one kind (a lead's alert, the hourly digest, the daily
-- summary; issue 31 adds its reminders with one INSERT into notification_kinds).
-- Existing rows keep working: the new lead columns are NULL for them, and every existing notification becomes a
-- kind 'lead' row with its state, attempts and errors as they were.

-- How long the visitor took from the first keystroke to the send, in ms by their own clock: a signal the inbox
-- can show, never a reason to set a lead aside. NULL when the post carried no times (a post without JavaScript,
-- a browser that sent none) and for rows stored before this migration.
ALTER TABLE leads ADD COLUMN fill_ms INTEGER;

-- How the owner is told about this lead: 'own' (its own alert on every channel), 'digest' (counted in the hourly
-- digest: the alert ceiling of that hour was reached). NULL: nobody is told (spam, no channel configured) or the
-- row is older than this migration.
ALTER TABLE leads ADD COLUMN alert TEXT CHECK (alert IN ('own', 'digest'));

-- The kinds of notification the delivery machinery (edge/leads/notify.ts) sends, each with the same guarantees
-- (claimed once, retried with backoff, delivered once). `about` says what one row of the kind is about: one lead
-- (`notifications.lead_id`) or a period (`notifications.ref`: an hour, a day). A new kind is a row here plus its
-- composer in edge/leads/messages.ts.
CREATE TABLE notification_kinds (
  kind TEXT PRIMARY KEY NOT NULL,
  about TEXT NOT NULL CHECK (about IN ('lead', 'period'))
);
INSERT INTO notification_kinds (kind, about) VALUES ('lead', 'lead'), ('digest', 'period'), ('summary', 'period');

-- One row per notification and channel. Rebuilt (SQLite cannot change a primary key in place): it was one row per
-- (lead, channel); now a row of a kind about a lead has `lead_id`, a row about a period has `ref`
-- (`2026-11-25T10` for the digest of that UTC hour, `2026-11-24` for the summary of that day in Mexico City),
-- and each is unique per kind and channel.
CREATE TABLE notifications_v2 (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL DEFAULT 'lead' REFERENCES notification_kinds (kind),
  lead_id TEXT REFERENCES leads (id) ON DELETE CASCADE,
  ref TEXT NOT NULL DEFAULT '',
  channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
  -- pending: not delivered yet (retried); delivered; failed: given up (shown in the inbox).
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Earliest time of the next attempt (backoff), ISO 8601 UTC.
  next_attempt_at TEXT NOT NULL,
  -- A sender holds the row until this time, so two senders never both send it; a sender that died (or could
  -- not record its outcome) leaves it to be claimed again once this has passed.
  locked_until TEXT,
  last_error TEXT,
  delivered_at TEXT,
  -- When the notification was created: it is given up a day later.
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- About one lead, or about a period: never both, never neither.
  CHECK ((lead_id IS NULL) <> (ref = ''))
);
INSERT INTO notifications_v2
  (kind, lead_id, ref, channel, state, attempts, next_attempt_at, locked_until, last_error, delivered_at, created_at)
  SELECT 'lead', n.lead_id, '', n.channel, n.state, n.attempts, n.next_attempt_at, n.locked_until, n.last_error,
    n.delivered_at, coalesce(l.created_at, n.next_attempt_at)
  FROM notifications n LEFT JOIN leads l ON l.id = n.lead_id;
DROP TABLE notifications;
ALTER TABLE notifications_v2 RENAME TO notifications;
CREATE UNIQUE INDEX notifications_per_lead ON notifications (kind, lead_id, channel) WHERE lead_id IS NOT NULL;
CREATE UNIQUE INDEX notifications_per_period ON notifications (kind, ref, channel) WHERE lead_id IS NULL;
CREATE INDEX notifications_by_lead ON notifications (lead_id);
CREATE INDEX notifications_due ON notifications (state, next_attempt_at);

-- What the endpoint saw per UTC hour (`2026-11-25T10`), by `what`: `stored` (rows stored, the storage ceiling),
-- `lead`, `spam:honeypot`, `spam:turnstile`, `spam-unstored`, `refused`, `alerted` (the alert ceiling),
-- `batched`, `quick`, `rate-limited`, `turnstile-unavailable`, `turnstile-misconfigured`. Counts, never personal
-- data; the ceilings are checked against them and the daily summary and the digest are written from them.
CREATE TABLE lead_counts (
  hour TEXT NOT NULL,
  what TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (hour, what)
);

-- Settings the code creates once and keeps: `hash-secret`, the random key of the client-address hash when
-- LEAD_HASH_SECRET is not set (so a bucket cannot be reversed from the code alone).
CREATE TABLE lead_settings (
  name TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);
