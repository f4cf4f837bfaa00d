import type { Translate } from '../i18n/translate.tsx';
import { tabPath } from '../search/search-url.ts';
import type { HomeRecommendationReason } from '../../shared/contracts/feeds.ts';

/** A piece of the reason line: plain text, or the name of what it points to with its link. */
export type ReasonPart = { text: string; href?: string };

/** What a reason says: its text, and the name in it with where the name leads. */
type ReasonText = { key: string; slot?: { placeholder: string; name: string }; href?: string };

// Stands in for the name while translating, so the name can become a link wherever a language puts it.
const SLOT = '\u0000';

function reasonText(reason: HomeRecommendationReason): ReasonText | null {
  const { user, board, interest, pin } = reason;
  switch (reason.reason) {
    case 'followed_user':
      return user ? { key: 'homeFeed.reasonFollowedUser', slot: { placeholder: 'name', name: user.full_name.trim() || user.username }, href: user.url } : null;
    case 'followed_board':
      return board ? { key: 'homeFeed.reasonFollowedBoard', slot: { placeholder: 'board', name: board.name }, href: board.url } : null;
    case 'followed_interest':
      // A topic has no page of its own yet: its name leads to the search for it.
      return interest
        ? { key: 'homeFeed.reasonFollowedInterest', slot: { placeholder: 'topic', name: interest.name }, href: tabPath('pins', interest.name) }
        : null;
    case 'saved_pin':
      if (!pin) return null;
      return pin.title.trim()
        ? { key: 'homeFeed.reasonSavedPin', slot: { placeholder: 'title', name: pin.title.trim() }, href: pin.url }
        : { key: 'homeFeed.reasonSavedPinUntitled', href: pin.url };
    case 'popular':
      return { key: 'homeFeed.reasonPopular' };
    default:
      return null;
  }
}

/**
 * The line under a home feed tile saying why the pin is there ("From Ada", "Because you follow
 * Kitchen ideas", ...), with the name it mentions as a link. Without a name the whole line is the
 * link, when there is somewhere to go. An unknown reason, or one missing what it names, says nothing.
 */
export function reasonParts(t: Translate, reason: HomeRecommendationReason): ReasonPart[] {
  const text = reasonText(reason);
  if (!text) return [];
  if (!text.slot) return [text.href ? { text: t(text.key), href: text.href } : { text: t(text.key) }];
  const [before = '', ...rest] = t(text.key, { [text.slot.placeholder]: SLOT }).split(SLOT);
  const name: ReasonPart = text.href ? { text: text.slot.name, href: text.href } : { text: text.slot.name };
  return [{ text: before }, name, { text: rest.join(text.slot.name) }].filter((part) => part.text !== '');
}
