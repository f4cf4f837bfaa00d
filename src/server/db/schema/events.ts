import type { Generated } from 'kysely';

// The event log (migration 0016, docs/decisions/0033-domain-events.md): one row per domain event,
// written in the transaction of its change, and where each cluster subscriber has read to.

export type DomainEventsTable = {
  id: Generated<number>;
  /** PostgreSQL: the writing transaction's id (pg_current_xact_id); SQLite: 0. */
  tx: Generated<number>;
  type: string;
  /** Who made the change; null when the system did (a job, a migration). */
  actor_id: string | null;
  /** The event's fields other than its type, as JSON. */
  payload: string;
  created_at: number;
};

export type EventPositionsTable = {
  subscriber: string;
  tx: number;
  id: number;
  updated_at: number;
};
