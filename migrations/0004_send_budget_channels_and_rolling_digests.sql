-- Issue 41 (a real customer always gets through): one send budget per channel, emergencies first, a digest
-- minutes after the alert ceiling instead of after the hour, every unanswered lead reminded however the owner
-- first heard of it, and a schema version the code can check.
-- Existing rows keep working: every notification keeps its state, attempts and errors, and gets the priority
-- its kind has from now on; leads that came in an hourly digest are listed as that hour's digest.

-- The channels the owner is told through. A new channel (Web Push) is one INSERT here and its module in
-- edge/leads/ (edge/leads/channels.ts), never a rebuilt table: notifications.channel refers to this list.
CREATE TABLE notification_channels (
  channel TEXT PRIMARY KEY NOT NULL
);
INSERT INTO notification_channels (channel) VALUES ('email'), ('webhook');

-- `budget`: the one message per channel and day that says the channel's send budget is spent and points to the
-- inbox (edge/leads/budget.ts). About a period: the owner's day.
INSERT INTO notification_kinds (kind, about) VALUES ('budget', 'period');

-- Rebuilt, as in 0002 (SQLite cannot change a CHECK or add a foreign key in place), with two new columns:
--   priority: the order sends are made in when a channel's budget is short: 0 an emergency (its alert, its
--             reminders) and the budget's closing message, 1 a lead's own alert, 2 a digest or the daily summary,
--             3 a reminder; lower first;
--   claim:    the random token of the sender that holds the row (with locked_until), so the same transaction
--             that claims it can write its send into channel_sends.
CREATE TABLE notifications_v3 (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL DEFAULT 'lead' REFERENCES notification_kinds (kind),
  lead_id TEXT REFERENCES leads (id) ON DELETE CASCADE,
  ref TEXT NOT NULL DEFAULT '',
  channel TEXT NOT NULL REFERENCES notification_channels (channel),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  locked_until TEXT,
  last_error TEXT,
  delivered_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  priority INTEGER NOT NULL DEFAULT 3 CHECK (priority BETWEEN 0 AND 9),
  claim TEXT,
  CHECK ((lead_id IS NULL) <> (ref = ''))
);
INSERT INTO notifications_v3
  (id, kind, lead_id, ref, channel, state, attempts, next_attempt_at, locked_until, last_error, delivered_at,
   created_at, priority)
  SELECT n.id, n.kind, n.lead_id, n.ref, n.channel, n.state, n.attempts, n.next_attempt_at, n.locked_until,
    n.last_error, n.delivered_at, n.created_at,
    CASE WHEN coalesce(l.urgent, 0) = 1 THEN 0
         WHEN n.kind = 'lead' THEN 1
         WHEN n.kind IN ('digest', 'summary') THEN 2
         ELSE 3 END
  FROM notifications n LEFT JOIN leads l ON l.id = n.lead_id;
DROP TABLE notifications;
ALTER TABLE notifications_v3 RENAME TO notifications;
CREATE UNIQUE INDEX notifications_per_lead ON notifications (kind, lead_id, channel) WHERE lead_id IS NOT NULL;
CREATE UNIQUE INDEX notifications_per_period ON notifications (kind, ref, channel) WHERE lead_id IS NULL;
CREATE INDEX notifications_by_lead ON notifications (lead_id);
CREATE INDEX notifications_due ON notifications (state, channel, priority, next_attempt_at);
CREATE INDEX notifications_by_claim ON notifications (claim) WHERE claim IS NOT NULL;

-- Every send made through a channel (written by the transaction that claims it, deleted again when the provider
-- refused it, so a failing provider does not spend the budget): the budget counts these over the last hour and
-- the last 24 hours. No personal data; kept two days.
CREATE TABLE channel_sends (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL,
  at TEXT NOT NULL,
  notification_id INTEGER,
  -- 1: the budget's closing message, which takes nobody's place (edge/leads/budget.ts).
  note INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX channel_sends_by_time ON channel_sends (channel, at);

-- Which leads each digest lists, and in which section: `new` (past the alert ceiling, told in no alert of
-- their own), `reminder` (unanswered at three quarters of their deadline) and `overdue` (past it). A digest
-- is `ref` (the time the schedule made it); each lead is in each section once.
CREATE TABLE digest_leads (
  ref TEXT NOT NULL,
  lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  section TEXT NOT NULL CHECK (section IN ('new', 'reminder', 'overdue')),
  PRIMARY KEY (lead_id, section)
);
CREATE INDEX digest_leads_by_ref ON digest_leads (ref);
-- The hourly digests made before this migration listed their hour's leads past the ceiling: the same leads.
INSERT INTO digest_leads (ref, lead_id, section)
  SELECT substr(created_at, 1, 13), id, 'new' FROM leads WHERE alert = 'digest';

-- The schema the code expects (edge/leads/schema.ts): a deployment whose database is behind tells the owner.
INSERT INTO lead_settings (name, value) VALUES ('schema', '4')
  ON CONFLICT (name) DO UPDATE SET value = excluded.value;
