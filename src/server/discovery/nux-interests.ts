import type { NuxInterest } from '../../shared/contracts/nux.ts';
import { INTERESTS_MINIMUM_MESSAGE, NUX_COLLAGE_SIZE, interestsReady } from '../../shared/nux.ts';
import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import type { ChooseInterests } from '../users/nux.service.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import { adjustInterestFollowers, deleteInterestFollow, insertInterestFollow, interestsByIds } from '../social/topics.repo.ts';
import { followedInterestIdsOf, topicCount } from './nux.repo.ts';
import { ideasIndex } from './topics.service.ts';

/** The collage's picture size: a grid cell of at most 236 px. */
const COLLAGE_IMAGE = '236x';

/**
 * The onboarding collage: the instance's most followed topics, each shown by its best pin the
 * member may see (as /ideas shows them); a topic without a picture is left out.
 */
export async function nuxCollage(deps: Deps, actor: Actor): Promise<NuxInterest[]> {
  requireSession(actor);
  const { data } = await ideasIndex(deps, actor, undefined);
  const collage: NuxInterest[] = [];
  for (const idea of data) {
    const image = idea.cover_pin ? pictureOf(idea.cover_pin) : null;
    if (image) collage.push({ id: idea.id, name: idea.name, image_url: image, dominant_color: idea.cover_pin?.dominant_color ?? null });
  }
  return collage.slice(0, NUX_COLLAGE_SIZE);
}

function pictureOf(pin: PinJson): string | null {
  const images = pin.images ?? {};
  return (images[COLLAGE_IMAGE] ?? Object.values(images)[0])?.url ?? null;
}

/**
 * The interests step: the member's followed topics become exactly the chosen ones (going Back and
 * picking again unpicks), each change with its follower count and its event. Every id is checked
 * before anything is written: an unknown one changes nothing.
 */
export function chooseNuxInterests(deps: Deps): ChooseInterests {
  return async (trx, member, interestIds) => {
    const known = await interestsByIds(trx, interestIds);
    if (known.length !== new Set(interestIds).size) throw new AppError('bad_request', 'interest_ids: Unknown interest.');
    if (!interestsReady(interestIds.length, await topicCount(trx))) throw new AppError('bad_request', `interest_ids: ${INTERESTS_MINIMUM_MESSAGE}`);
    const chosen = new Set(interestIds);
    const before = await followedInterestIdsOf(trx, member.userId);
    const now = Date.now();
    const change = async (interestId: string, follow: boolean) => {
      await adjustInterestFollowers(trx, interestId, follow ? 1 : -1);
      await deps.events.record(trx, member.userId, { type: follow ? 'topic.followed' : 'topic.unfollowed', interestId });
    };
    for (const id of before.filter((id) => !chosen.has(id))) {
      if (await deleteInterestFollow(trx, member.userId, id)) await change(id, false);
    }
    for (const id of interestIds) {
      if (await insertInterestFollow(trx, member.userId, id, now)) await change(id, true);
    }
  };
}
