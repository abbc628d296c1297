-- Issue 41, point 7: the inbox's sessions, revocable on the server (decision 046). The signed cookie names a
-- session id; a request is let in only while its row is here. «Salir» deletes the row, so a copy of the cookie
-- (another browser, a stolen backup) is refused at once; the GitHub check every hour replaces the row, and an
-- account that may no longer push is refused by GitHub and its row deleted.
-- One indexed read per API request (the primary key); rows are deleted by «Salir», by a renewal, and by the
-- schedule's retention step once past `expires_at` (edge/inbox/session-store.ts, edge/leads/schedule.ts).
CREATE TABLE inbox_sessions (
  -- SHA-256 of the random id in the cookie (base64url): the table alone cannot make a session.
  id TEXT PRIMARY KEY NOT NULL,
  -- The GitHub login (or `local`, the loopback sign-in link).
  login TEXT NOT NULL,
  -- `github`: push permission checked at GitHub when the row was made, again every hour (decision 046);
  -- `local`: the loopback link of `npm start`, where there is no GitHub to ask.
  kind TEXT NOT NULL CHECK (kind IN ('github', 'local')),
  -- ISO 8601 in UTC: when GitHub (or the local link) let this session in, and when it ends for good.
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  -- A renewal through GitHub under way: the SHA-256 of its OAuth `state` (the callback finds this row by it and
  -- deletes it, whatever GitHub says of the account) and when it started (the page tries again 15 minutes later
  -- at the soonest).
  renewal TEXT,
  renewal_at TEXT
);
CREATE INDEX inbox_sessions_by_expiry ON inbox_sessions (expires_at);
CREATE INDEX inbox_sessions_by_renewal ON inbox_sessions (renewal) WHERE renewal IS NOT NULL;

-- The schema the code expects (edge/leads/schema.ts).
INSERT INTO lead_settings (name, value) VALUES ('schema', '5')
  ON CONFLICT (name) DO UPDATE SET value = excluded.value;
