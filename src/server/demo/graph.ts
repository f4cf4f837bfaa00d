import { reactToPin } from '../pins/reactions.service.ts';
import { savePin } from '../pins/saves.service.ts';
import { followBoard, followUser, setInterestFollowed } from '../social/follows.service.ts';
import { LIKE } from '../../shared/reactions.ts';
import { itemAt } from './random.ts';
import { actorOf, checkpoint, type World } from './world.ts';

/** The repins of the plan, through the save service (counts, privacy and access rules apply). */
export async function createSaves(world: World): Promise<void> {
  for (const save of world.plan.saves) {
    checkpoint(world);
    const sections = itemAt(world.sections, save.board);
    await savePin(world.deps, actorOf(world, save.member), {
      pinId: itemAt(world.pins, save.pin),
      boardId: itemAt(world.boards, save.board),
      sectionId: save.section === null ? null : itemAt(sections, save.section),
    });
  }
}

/** The likes of the plan, through the reaction service (visibility and the pin's reaction counts apply). */
export async function createReactions(world: World): Promise<void> {
  for (const reaction of world.plan.reactions) {
    checkpoint(world);
    await reactToPin(world.deps, actorOf(world, reaction.member), { pinId: itemAt(world.pins, reaction.pin) }, LIKE);
  }
}

/** Follows of people, boards and topics, through the follow services. */
export async function createFollows(world: World): Promise<void> {
  const { plan, deps } = world;
  for (const [follower, followee] of plan.userFollows) {
    checkpoint(world);
    await followUser(deps, actorOf(world, follower), itemAt(world.members, followee));
  }
  for (const [member, board] of plan.boardFollows) {
    checkpoint(world);
    await followBoard(deps, actorOf(world, member), itemAt(world.boards, board));
  }
  for (const [member, topic] of plan.topicFollows) {
    checkpoint(world);
    const interestId = world.topics.get(topic);
    if (!interestId) throw new Error(`Topic ${topic} was not made`);
    await setInterestFollowed(deps, actorOf(world, member), interestId, true);
  }
}
