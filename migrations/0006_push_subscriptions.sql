-- Issue 42: Web Push as a third channel beside e-mail and the webhook (edge/leads/push.ts), per device.
-- A notification stays one row per channel (the same claims, budget, retries and give-up as the others); the push
-- channel fans each out to the devices subscribed at the time, and remembers which ones got it, so a retry
-- reaches only the devices that did not.

INSERT INTO notification_channels (channel) VALUES ('push');

-- One row per device (a phone's or a computer's browser) the owner turned notifications on in, from the inbox's
-- «Avisos» panel. The endpoint and the two keys are what the browser's PushManager gave (RFC 8030, RFC 8291):
-- the push service's address for this device, its P-256 public key and its authentication secret. They are not
-- the owner's personal data, but whoever holds them can send this device notifications (with our VAPID key): the
-- inbox's API never shows them, only the name, when, who, and how the last send went.
CREATE TABLE push_subscriptions (
  -- Random (22 base64url characters), the device's name in the API and in notification_recipients.
  id TEXT PRIMARY KEY NOT NULL,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  -- What the owner called it («Celular de Ana»), at most 60 characters.
  name TEXT NOT NULL,
  -- The GitHub login of the session that turned it on.
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- The last time the push service took a message for it, and the last error it answered (NULL after a success).
  last_success_at TEXT,
  last_error TEXT,
  last_error_at TEXT
);

-- Which devices already got a notification (each is one row of notifications, channel 'push'): a retry after
-- one device failed sends to the others only. Removed with the notification.
CREATE TABLE notification_recipients (
  notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  recipient TEXT NOT NULL,
  delivered_at TEXT NOT NULL,
  PRIMARY KEY (notification_id, recipient)
);

INSERT INTO lead_settings (name, value) VALUES ('schema', '6')
  ON CONFLICT (name) DO UPDATE SET value = excluded.value;
