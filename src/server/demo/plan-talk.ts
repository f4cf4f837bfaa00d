import type { PlannedBoard, PlannedMember, PlannedPin, PlannedReaction } from './plan.ts';
import { itemAt, type Random } from './random.ts';
import { subjectOf } from './subjects.ts';
import { capitalise } from './words.ts';

/** A comment on a pin, or (replyTo: the index of an earlier planned comment) a reply under one. */
export type PlannedComment = { member: number; pin: number; text: string; replyTo: number | null };

/** A member's "tried it" of a pin: a note, and a photo painted from `picture` when not null. */
export type PlannedTriedIt = { member: number; pin: number; details: string; picture: string | null };

/** Share of the liked pins that people talk under. */
const TALKED_SHARE = 0.3;
/** Share of the public pins someone tried. */
const TRIED_SHARE = 0.02;
/**
 * What one member writes at most: the comment and tried-it rate limits (30 in 10 minutes,
 * src/server/common/rate-limits.ts) apply to the demo's members as to anyone.
 */
const MOST_COMMENTS = 25;
const MOST_TRIED = 5;

const COMMENTS = [
  'Love the {adjective} {noun}!',
  'Exactly the {noun} I was looking for.',
  'Saving this for my {topic} board.',
  'The colours here are beautiful.',
  'Adding this to my list for the weekend.',
  'How did you find this? So good.',
  'I keep coming back to this one.',
  '{adjective} and simple. Perfect.',
] as const;
const OWNER_REPLIES = ['Thank you!', 'Glad you like it!', 'Thanks, it’s one of my favourites too.', 'Thank you, more on my boards soon.'] as const;
const OTHER_REPLIES = ['Agreed!', 'Same here.', 'Right? So good.', 'Exactly what I thought.'] as const;
const TRIED_NOTES = [
  'Tried this last weekend and it turned out great.',
  'My own take on it. Harder than it looks, but worth it.',
  'Did this with what I had at home. Happy with it!',
  'Second attempt, much better than the first.',
] as const;

/**
 * Conversations that make closeups look lived in: a share of the liked pins get one to three
 * comments from members who liked them, and a reply now and then, most often from the pin's
 * creator; busier members write more. Only pins on public boards, as everyone can see them.
 */
export function planComments(
  random: Random,
  members: readonly PlannedMember[],
  pins: readonly PlannedPin[],
  reactions: readonly PlannedReaction[],
): PlannedComment[] {
  const likers = new Map<number, number[]>();
  for (const { member, pin } of reactions) likers.set(pin, [...(likers.get(pin) ?? []), member]);
  const written = members.map(() => 0);
  const mayWrite = (member: number) => (written[member] ?? 0) < MOST_COMMENTS;
  const comments: PlannedComment[] = [];
  const add = (comment: PlannedComment) => {
    written[comment.member] = (written[comment.member] ?? 0) + 1;
    comments.push(comment);
    return comments.length - 1;
  };
  for (const [pin, people] of [...likers].sort(([a], [b]) => a - b)) {
    if (!random.chance(TALKED_SHARE)) continue;
    const planned = itemAt(pins, pin);
    const subject = subjectOf(planned.subject);
    const writers = random.shuffle(people.filter(mayWrite)).slice(0, random.int(1, 3));
    for (const member of writers) {
      const text = random
        .pick(COMMENTS)
        .replace('{adjective}', random.pick(subject.adjectives).toLowerCase())
        .replace('{noun}', random.pick(subject.nouns))
        .replace('{topic}', subject.topic.toLowerCase());
      const top = add({ member, pin, text: capitalise(text), replyTo: null });
      if (!random.chance(0.35)) continue;
      const byCreator = planned.creator !== member && mayWrite(planned.creator) && random.chance(0.7);
      const other = people.find((p) => p !== member && mayWrite(p));
      if (byCreator) add({ member: planned.creator, pin, text: random.pick(OWNER_REPLIES), replyTo: top });
      else if (other !== undefined) add({ member: other, pin, text: random.pick(OTHER_REPLIES), replyTo: top });
    }
  }
  return comments;
}

/** Tried-its of a few public pins, popular ones more likely, by members other than the creator. */
export function planTriedIts(
  random: Random,
  members: readonly PlannedMember[],
  boards: readonly PlannedBoard[],
  pins: readonly PlannedPin[],
): PlannedTriedIt[] {
  const tried = members.map(() => 0);
  const plans: PlannedTriedIt[] = [];
  pins.forEach((pin, p) => {
    if (itemAt(boards, pin.board).privacy !== 'public' || pin.kind !== 'image') return;
    if (!random.chance(TRIED_SHARE * Math.min(3, pin.popularity))) return;
    const candidates = members.map((_, m) => m).filter((m) => m !== pin.creator && (tried[m] ?? 0) < MOST_TRIED);
    if (candidates.length === 0) return;
    const member = random.weighted(candidates, (m) => (itemAt(members, m).interests.includes(pin.subject) ? 3 : 1) * itemAt(members, m).activity);
    tried[member] = (tried[member] ?? 0) + 1;
    const picture = random.chance(0.75) ? `tried-${String(p)}-${String(random.int(0, 999_999))}` : null;
    plans.push({ member, pin: p, details: random.pick(TRIED_NOTES), picture });
  });
  return plans;
}
