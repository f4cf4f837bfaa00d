import { useCallback } from 'react';
import { LIKE } from '../../shared/reactions.ts';
import { callResource } from '../api/http.ts';
import { useOptimisticToggle } from '../follow/useFollow.ts';
import { reactionChange } from './reaction-changes.ts';

/** Likes or unlikes a pin: shown at once wherever the pin is cached, reverted with a toast if the server refuses. */
export function useReaction() {
  const toggle = useOptimisticToggle();
  return useCallback(
    (pin: { id: string; reaction_by_me?: number | null | undefined }) => {
      const liked = pin.reaction_by_me === LIKE;
      return toggle({
        key: `reaction:${pin.id}`,
        from: liked,
        to: !liked,
        change: (like) => reactionChange(pin.id, like ? LIKE : null),
        send: (like) =>
          callResource('ReactionsResource', like ? 'create' : 'delete', { pin_id: pin.id, reaction_type: LIKE, action_type: like ? 'reaction' : 'unreaction' }),
      });
    },
    [toggle],
  );
}
