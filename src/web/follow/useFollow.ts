import { useCallback, useRef } from 'react';
import { toggleOptimistically } from '../../shared/optimistic-toggle.ts';
import { ApiError, callResource } from '../api/http.ts';
import type { ItemChange } from '../data/resource-store.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { boardFollowChange, interestFollowChange, userBlockChange, userFollowChange } from './follow-changes.ts';

type Toggle = {
  /** Which thing, so a second click while the first is on its way is ignored. */
  key: string;
  from: boolean;
  to: boolean;
  change: (value: boolean) => ItemChange;
  send: (value: boolean) => Promise<unknown>;
};

/**
 * Flips a follow, block or reaction the way the spec's topic follow works: the change shows in
 * every cached copy at once, the server is called, and a failure reverts it with a toast.
 */
export function useOptimisticToggle(): (toggle: Toggle) => Promise<boolean> {
  const store = useResourceStore();
  const { showToast } = useToast();
  const { t } = useTranslation();
  const pending = useRef(new Set<string>());
  return useCallback(
    async ({ key, from, to, change, send }: Toggle) => {
      if (pending.current.has(key)) return false;
      pending.current.add(key);
      try {
        await toggleOptimistically({
          from,
          to,
          show: (value) => {
            store.changeItems(change(value));
          },
          send,
        });
        return true;
      } catch (error) {
        showToast(error instanceof ApiError ? error.message : t('follow.failed'));
        return false;
      } finally {
        pending.current.delete(key);
      }
    },
    [store, showToast, t],
  );
}

export function useFollowUser() {
  const toggle = useOptimisticToggle();
  const store = useResourceStore();
  const { showToast } = useToast();
  const { t } = useTranslation();
  // A private profile answers a follow with a request (docs/decisions/0046-follow-requests.md):
  // the card comes back not followed, so the optimistic Following goes back and the toast says why.
  const follow = useCallback(
    async (userId: string) => {
      const card = await callResource('UserFollowResource', 'create', { user_id: userId });
      if (Array.isArray(card) || card.explicitly_followed_by_me) return;
      store.changeItems(userFollowChange(userId, false));
      showToast(t('follow.requestSent'));
    },
    [store, showToast, t],
  );
  return useCallback(
    (user: { id: string; explicitly_followed_by_me: boolean }) =>
      toggle({
        key: `user:${user.id}`,
        from: user.explicitly_followed_by_me,
        to: !user.explicitly_followed_by_me,
        change: (followed) => userFollowChange(user.id, followed),
        send: (followed) => (followed ? follow(user.id) : callResource('UserFollowResource', 'delete', { user_id: user.id })),
      }),
    [toggle, follow],
  );
}

export function useFollowBoard() {
  const toggle = useOptimisticToggle();
  return useCallback(
    (board: { id: string; followed_by_me: boolean }) =>
      toggle({
        key: `board:${board.id}`,
        from: board.followed_by_me,
        to: !board.followed_by_me,
        change: (followed) => boardFollowChange(board.id, followed),
        send: (followed) => callResource('BoardFollowResource', followed ? 'create' : 'delete', { board_id: board.id }),
      }),
    [toggle],
  );
}

export function useFollowTopic() {
  const toggle = useOptimisticToggle();
  return useCallback(
    (topic: { id: string; is_followed: boolean }) =>
      toggle({
        key: `interest:${topic.id}`,
        from: topic.is_followed,
        to: !topic.is_followed,
        change: (followed) => interestFollowChange(topic.id, followed),
        send: (followed) => callResource('InterestFollowResource', followed ? 'create' : 'delete', { interest_id: topic.id }),
      }),
    [toggle],
  );
}

export function useBlockUser() {
  const toggle = useOptimisticToggle();
  return useCallback(
    (user: { id: string; blocked_by_me: boolean }, blocked: boolean) =>
      toggle({
        key: `block:${user.id}`,
        from: user.blocked_by_me,
        to: blocked,
        change: (value) => userBlockChange(user.id, value),
        send: (value) => callResource('UserBlockResource', value ? 'create' : 'delete', { user_id: user.id }),
      }),
    [toggle],
  );
}
