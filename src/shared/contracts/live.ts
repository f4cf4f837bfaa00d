import { z } from 'zod';
import { ConversationStatus, MessageJson } from './messages.ts';

/**
 * The kinds of entry in a member's live log (docs/decisions/0049-member-log-and-messages.md), each
 * with the shape of its data. Adding a kind is one line here; the server appends it with
 * appendToMembers (src/server/live/member-log.ts) and the web subscribes with useLive(kind, ...).
 */
export const LIVE_ENTRY_KINDS = {
  /** A message in one of the member's conversations (their own included, for their other tabs). */
  'message.created': z.object({ message: MessageJson, conversations_unseen_count: z.number() }),
  /** The member's read pointer or place in a conversation moved (read on another tab, a request answered). */
  'conversation.read': z.object({ conversation_id: z.string(), status: ConversationStatus, conversations_unseen_count: z.number() }),
  /** The news hub's badge (notifications): how many the member has not seen. */
  'notifications.unseen': z.object({ unseen_count: z.number() }),
} as const;

export type LiveKind = keyof typeof LIVE_ENTRY_KINDS;
export type LiveData<K extends LiveKind> = z.infer<(typeof LIVE_ENTRY_KINDS)[K]>;
export type LiveEntry = { [K in LiveKind]: { kind: K; data: LiveData<K> } }[LiveKind];

/** What a stream sends first when it starts without a position: the state now and the position it is as of. */
export const LiveSnapshot = z.object({ position: z.number(), conversations_unseen_count: z.number() });
export type LiveSnapshot = z.infer<typeof LiveSnapshot>;

/** GET /live/stream/: Server-Sent Events from `after` (or the Last-Event-ID header); without either, a snapshot first. */
export const LiveStreamRoute = {
  querystring: z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
  response: { 200: z.string() },
};
