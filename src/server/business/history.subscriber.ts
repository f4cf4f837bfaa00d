import { newId } from '../db/ids.ts';
import type { RecordedEvent, TransactionSubscriber } from '../events/event-bus.ts';
import { insertHistory } from './business.repo.ts';

type BusinessEvent = Extract<RecordedEvent, { businessId: string }>;

const BUSINESS_EVENTS = [
  'business.member_changed',
  'business.partner_changed',
  'business.asset_changed',
  'business.grant_changed',
  'business.invite_changed',
  'business.child_changed',
] as const;

function subjectOf(event: BusinessEvent): string {
  switch (event.type) {
    case 'business.member_changed':
      return event.userId;
    case 'business.partner_changed':
      return event.partnerId;
    case 'business.asset_changed':
      return event.assetId;
    case 'business.grant_changed':
      return `${event.assetId}:${event.granteeId}`;
    case 'business.invite_changed':
      return event.inviteId;
    case 'business.child_changed':
      return event.childId;
  }
}

/**
 * A business's History (docs/decisions/0051-business-access.md): one row per business event,
 * written by the change's own transaction, so History has every committed change and nothing
 * else. Rows are only added; the events log is pruned, History is not.
 */
export const businessHistory: TransactionSubscriber = {
  name: 'business history',
  types: BUSINESS_EVENTS,
  async apply(trx, events) {
    const rows = events.flatMap((event) =>
      'businessId' in event
        ? [
            {
              id: newId(),
              business_id: event.businessId,
              actor_id: event.actorId,
              action: event.type.slice('business.'.length),
              subject_id: subjectOf(event),
              before: event.before === null ? null : JSON.stringify(event.before),
              after: event.after === null ? null : JSON.stringify(event.after),
              created_at: event.at,
            },
          ]
        : [],
    );
    await insertHistory(trx, rows);
  },
};
