// News by web push and email (migration 0031, docs/decisions/0053-push-and-email.md).

/** Secrets the instance makes once, shared by every node: `vapid` (JSON key pair), `unsubscribe` (HMAC key). */
export type InstanceKeysTable = { name: string; value: string; created_at: number };

/** One device's push subscription (the browser's PushSubscription). */
export type PushSubscriptionsTable = { id: string; user_id: string; endpoint: string; p256dh: string; auth: string; created_at: number };

/** A notification owed by `channel` ('push' or 'email') once `due_at` has come. */
export type NotificationDeliveriesTable = { id: string; notification_id: string; recipient_id: string; channel: string; kind: string; due_at: number };

/** One digest mail: composed and stored, then sent; `sent_at` null until the mailer took it. */
export type NotificationDigestsTable = { id: string; recipient_id: string; mail: string; created_at: number; sent_at: number | null };
