import type { Actor } from '../access/actor.ts';
import { readerOf, requireFullSession, requireSession } from '../access/authorized.ts';
import { blockedAmong } from '../access/conversation.repo.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { loadUserCards } from '../users/user-cards.ts';
import type { MessagesAllowFrom } from '../../shared/contracts/messages.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { allowFromOf, saveAllowFrom, shareCandidates, usersMatching } from './recipients.repo.ts';

/** MessageSettingsResource get: who may message the caller (`/settings/messages`). */
export async function messageSettings(deps: Deps, actor: Actor): Promise<{ allow_from: MessagesAllowFrom }> {
  const member = requireSession(actor);
  return { allow_from: (await allowFromOf(deps.db, [member.userId])).get(member.userId) ?? 'everyone' };
}

/** MessageSettingsResource update. */
export async function updateMessageSettings(deps: Deps, actor: Actor, allowFrom: MessagesAllowFrom): Promise<{ allow_from: MessagesAllowFrom }> {
  const member = requireSession(actor);
  await transact(deps.db, (trx) => saveAllowFrom(trx, member.userId, allowFrom));
  return { allow_from: allowFrom };
}

const SUGGESTIONS = 12;

/**
 * ShareSuggestionsResource get: people to send a pin or board to: those the caller talked with
 * last, then those they follow; or, with a query, members whose name or username starts with it.
 * Nobody with a block either way.
 */
export async function shareSuggestions(
  deps: Deps,
  actor: Actor,
  input: { hide_group_conversations: boolean; query?: string | undefined },
): Promise<UserCard[]> {
  const member = requireFullSession(actor);
  const ids = input.query
    ? await usersMatching(deps.db, input.query, SUGGESTIONS + 1)
    : await shareCandidates(deps.db, member.userId, !input.hide_group_conversations, SUGGESTIONS);
  const others = ids.filter((id) => id !== member.userId);
  const blocked = await blockedAmong(deps.db, member.userId, others);
  const shown = others.filter((id) => !blocked.has(id)).slice(0, SUGGESTIONS);
  const cards = await loadUserCards(deps, readerOf(actor), shown);
  return shown.flatMap((id) => cards.get(id) ?? []);
}
