-- Issue 31 (promises kept): every lead carries the answer time the site promised when it arrived, the owner's
-- first contact (when and how, undoable), and two more kinds of notification: the reminders.
-- Existing rows keep working: their new columns are NULL (no deadline was recorded when they arrived, so the
-- inbox shows them without one and the schedule never reminds about them).

-- When the promised answer is due (ISO 8601 UTC): created_at plus content/promesa.yaml's hours for its service
-- (the emergency one, or every other), as the endpoint read them when the lead arrived. NULL: rows stored before
-- this migration, spam, or the promise could not be read (the endpoint logs it).
ALTER TABLE leads ADD COLUMN due_at TEXT;

-- 1 when the lead asked for the emergency service (content/promesa.yaml's emergencyService): its alert says
-- URGENTE and the inbox lists it first.
ALTER TABLE leads ADD COLUMN urgent INTEGER NOT NULL DEFAULT 0 CHECK (urgent IN (0, 1));

-- The owner's first contact with the client: when, and how (`estado`: the status changed from nuevo;
-- `llamada`, `whatsapp`, `correo`: a tap on that button in the inbox). Cleared by «Deshacer».
ALTER TABLE leads ADD COLUMN first_contact_at TEXT;
ALTER TABLE leads ADD COLUMN first_contact_via TEXT
  CHECK (first_contact_via IN ('estado', 'llamada', 'whatsapp', 'correo'));

-- The inbox's «Por atender»: unanswered leads by deadline.
CREATE INDEX leads_due ON leads (status, first_contact_at, due_at);

-- The reminders (edge/leads/reminders.ts): `reminder` at about three quarters of the deadline, `overdue` once
-- it has passed; each once per lead and channel (notifications_per_lead), never when the lead was answered.
INSERT INTO notification_kinds (kind, about) VALUES ('reminder', 'lead'), ('overdue', 'lead');
