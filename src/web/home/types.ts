import type { PinJson } from '../pins/types.ts';

/** Why a pin is on the home feed, with what the reason names (UserHomefeedResource). */
export type RecommendationReason = {
  reason: 'followed_user' | 'followed_board' | 'followed_interest' | 'saved_pin' | 'popular';
  reason_id: string;
  user?: { id: string; username: string; full_name: string; url: string };
  board?: { id: string; name: string; url: string };
  interest?: { id: string; name: string; url: string };
  pin?: { id: string; title: string; url: string };
};

export type HomePinJson = PinJson & { recommendation_reason: RecommendationReason };
