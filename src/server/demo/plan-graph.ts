import type { DemoPlan, PlannedBoard, PlannedMember, PlannedPin, PlannedReaction, PlannedSave } from './plan.ts';
import { itemAt, type Random } from './random.ts';
import { SUBJECT_SLUGS, type SubjectSlug } from './subjects.ts';

/** Share of saves a member makes outside their interests. */
const CROSS_SUBJECT = 0.12;

/** Share of the public pins that members like: enough that most closeups one opens show a count. */
export const LIKED_SHARE = 0.4;

/**
 * Saves (repins) that make a realistic pin–board graph: busier members save more; a member saves
 * mostly pins of their interests onto their own board of that subject; each pick is weighted by
 * the pin's popularity, so a few pins collect most saves (a power law), and a share of saves
 * crosses subjects. Only pins on public boards are saved by others (secret pins stay secret).
 */
export function planSaves(
  random: Random,
  members: readonly PlannedMember[],
  boards: readonly PlannedBoard[],
  pins: readonly PlannedPin[],
  count: number,
): PlannedSave[] {
  const owned = members.map((_, m) => boards.flatMap((b, i) => (b.owner === m ? [i] : [])));
  const held = members.map(() => new Set<number>());
  pins.forEach((pin, i) => {
    held[itemAt(boards, pin.board).owner]?.add(i);
    held[pin.creator]?.add(i);
  });
  const bySubject = new Map<SubjectSlug, number[]>();
  pins.forEach((pin, i) => {
    if (itemAt(boards, pin.board).privacy === 'public') bySubject.set(pin.subject, [...(bySubject.get(pin.subject) ?? []), i]);
  });
  const saves: PlannedSave[] = [];
  const memberIndexes = members.map((_, i) => i);
  for (let attempt = 0; saves.length < count && attempt < count * 3; attempt++) {
    const member = random.weighted(memberIndexes, (i) => itemAt(members, i).activity);
    const boardsOfMember = itemAt(owned, member);
    // Interests the member has a board for: that is where their saves of it go.
    const boarded = itemAt(members, member).interests.filter((s) => boardsOfMember.some((b) => itemAt(boards, b).subject === s));
    const subject = random.chance(CROSS_SUBJECT) || boarded.length === 0 ? random.pick(SUBJECT_SLUGS) : random.pick(boarded);
    const mine = itemAt(held, member);
    const candidates = (bySubject.get(subject) ?? []).filter((p) => !mine.has(p));
    if (candidates.length === 0) continue;
    const pin = random.weighted(candidates, (p) => itemAt(pins, p).popularity);
    const themed = boardsOfMember.filter((b) => itemAt(boards, b).subject === subject);
    const board = random.pick(themed.length > 0 ? themed : boardsOfMember);
    const sections = itemAt(boards, board).sections;
    const section = sections.length > 0 && random.chance(0.5) ? random.int(0, sections.length - 1) : null;
    mine.add(pin);
    saves.push({ member, pin, board, section });
  }
  return saves;
}

/**
 * Follows: each member follows a few people (busier and like-minded ones more likely), a few
 * public boards of their interests, and the topics of their interests.
 */
export function planFollows(
  random: Random,
  members: readonly PlannedMember[],
  boards: readonly PlannedBoard[],
): Pick<DemoPlan, 'userFollows' | 'boardFollows' | 'topicFollows'> {
  const userFollows: DemoPlan['userFollows'] = [];
  const boardFollows: DemoPlan['boardFollows'] = [];
  const topicFollows: DemoPlan['topicFollows'] = [];
  members.forEach((member, m) => {
    const shared = (other: PlannedMember) => other.interests.filter((s) => member.interests.includes(s)).length;
    const others = members.map((_, i) => i).filter((i) => i !== m);
    const wanted = Math.min(others.length, Math.round(2 + member.activity * 2 + random.int(0, 3)));
    for (const followee of weightedSample(random, others, wanted, (i) => (1 + 2 * shared(itemAt(members, i))) * itemAt(members, i).activity)) {
      userFollows.push([m, followee]);
    }
    const liked = boards
      .map((_, i) => i)
      .filter((i) => {
        const board = itemAt(boards, i);
        return board.owner !== m && board.privacy === 'public' && member.interests.includes(board.subject);
      });
    for (const board of weightedSample(random, liked, Math.min(liked.length, random.int(1, 4)), () => 1)) boardFollows.push([m, board]);
    for (const topic of member.interests) topicFollows.push([m, topic]);
  });
  return { userFollows, boardFollows, topicFollows };
}

/**
 * Likes (reaction type 1) that make closeups look lived in: a fixed share of the public pins,
 * popular ones more likely, each liked by members other than its creator, about as many as its
 * popularity (so a few pins collect many likes); like-minded and busier members like more.
 */
export function planReactions(
  random: Random,
  members: readonly PlannedMember[],
  boards: readonly PlannedBoard[],
  pins: readonly PlannedPin[],
): PlannedReaction[] {
  const shown = pins.flatMap((pin, i) => (itemAt(boards, pin.board).privacy === 'public' ? [i] : []));
  const liked = weightedSample(random, shown, Math.round(shown.length * LIKED_SHARE), (p) => itemAt(pins, p).popularity).sort((a, b) => a - b);
  return liked.flatMap((p) => {
    const pin = itemAt(pins, p);
    const others = members.map((_, i) => i).filter((i) => i !== pin.creator);
    const wanted = Math.min(others.length, Math.ceil(pin.popularity * random.between(0.5, 1.5)));
    const weight = (i: number) => (itemAt(members, i).interests.includes(pin.subject) ? 3 : 1) * itemAt(members, i).activity;
    return weightedSample(random, others, wanted, weight).map((member) => ({ member, pin: p }));
  });
}

/** `count` distinct items, each draw as likely as its weight among those left. */
function weightedSample(random: Random, items: readonly number[], count: number, weight: (item: number) => number): number[] {
  const left = [...items];
  const chosen: number[] = [];
  while (chosen.length < count && left.length > 0) {
    const item = random.weighted(left, weight);
    chosen.push(item);
    left.splice(left.indexOf(item), 1);
  }
  return chosen;
}
