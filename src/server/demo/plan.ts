import type { BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import type { Aspect } from './painters/paint.ts';
import { planBoards } from './plan-boards.ts';
import { planFollows, planReactions, planSaves } from './plan-graph.ts';
import { planMembers } from './plan-people.ts';
import { planPins } from './plan-pins.ts';
import { planStories, type PlannedStory } from './plan-stories.ts';
import { planComments, planTriedIts, type PlannedComment, type PlannedTriedIt } from './plan-talk.ts';
import { createRandom, itemAt } from './random.ts';
import type { DemoPage } from './pages.ts';
import { SUBJECT_SLUGS, type SubjectSlug } from './subjects.ts';

/**
 * The whole demo world as plain data, a pure function of the seed and the counts: who the
 * members are, their boards, pins (with the seed of each picture), saves, likes, follows, comments
 * and tried-its. Entities
 * refer to each other by index; the runner (run.ts) makes them through the product's services.
 */
export type DemoCounts = { members: number; boards: number; pins: number; videos: number; saves: number; stories: number };

/** The first start of an empty database: at least 30 members, 100 boards and 1,000 pins, and a few story pins. */
export const FULL_COUNTS: DemoCounts = { members: 32, boards: 110, pins: 1000, videos: 8, saves: 2500, stories: 6 };

export type PlannedMember = {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** 2-4 subjects the member saves and follows. */
  interests: SubjectSlug[];
  /** How busy the member is (boards, pins, saves, follows): heavy-tailed, most near 1. */
  activity: number;
  about: string;
  website: string | null;
  /** The member who logs in with the printed demo credentials. */
  isDemo: boolean;
};

export type PlannedCollaborator = { member: number; accepts: boolean };

export type PlannedBoard = {
  owner: number;
  subject: SubjectSlug;
  name: string;
  description: string;
  privacy: BoardPrivacy;
  sections: string[];
  collaborators: PlannedCollaborator[];
};

export type PlannedPin = {
  board: number;
  creator: number;
  /** Index into the board's sections, or null for the board itself. */
  section: number | null;
  subject: SubjectSlug;
  kind: 'image' | 'video';
  aspect: Aspect;
  /** The painter's seed: the picture is a function of subject, seed and aspect. */
  picture: string;
  title: string;
  description: string;
  altText: string;
  link: string | null;
  /** What the linked shop or blog page declares: a product or a recipe (pages.ts). */
  page: DemoPage | null;
  /** How much members like it (Pareto): a few pins collect most of the saves. */
  popularity: number;
};

export type PlannedSave = { member: number; pin: number; board: number; section: number | null };

/** A member's like (reaction type 1) of a pin. */
export type PlannedReaction = { member: number; pin: number };

export type DemoPlan = {
  seed: string;
  topics: SubjectSlug[];
  members: PlannedMember[];
  boards: PlannedBoard[];
  pins: PlannedPin[];
  stories: PlannedStory[];
  saves: PlannedSave[];
  reactions: PlannedReaction[];
  comments: PlannedComment[];
  triedIts: PlannedTriedIt[];
  userFollows: [follower: number, followee: number][];
  boardFollows: [member: number, board: number][];
  topicFollows: [member: number, topic: SubjectSlug][];
};

export function checkCounts(counts: DemoCounts): void {
  const { members, boards, pins, videos, saves, stories } = counts;
  const whole = [members, boards, pins, videos, saves, stories].every((c) => Number.isInteger(c) && c >= 0);
  if (!whole || members < 2 || boards < members || pins < boards || videos > pins) {
    throw new RangeError(`Demo counts need members ≥ 2, boards ≥ members, pins ≥ boards, videos ≤ pins: ${JSON.stringify(counts)}`);
  }
}

export function buildPlan(seed: string, counts: DemoCounts = FULL_COUNTS): DemoPlan {
  checkCounts(counts);
  const random = createRandom(`demo-world/${seed}`);
  const members = planMembers(random.fork('members'), counts.members);
  const boards = planBoards(random.fork('boards'), members, counts.boards);
  const pins = planPins(random.fork('pins'), members, boards, counts);
  const stories = planStories(random.fork('stories'), boards, counts.stories);
  const saves = planSaves(random.fork('saves'), members, boards, pins, counts.saves);
  const follows = planFollows(random.fork('follows'), members, boards);
  const reactions = planReactions(random.fork('reactions'), members, boards, pins);
  const comments = planComments(random.fork('comments'), members, pins, reactions);
  const triedIts = planTriedIts(random.fork('tried'), members, boards, pins);
  const topics = shownSubjects(boards, pins);
  const topicFollows = follows.topicFollows.filter(([, topic]) => topics.includes(topic));
  return { seed, topics, members, boards, pins, stories, saves, reactions, comments, triedIts, ...follows, topicFollows };
}

/**
 * The subjects a visitor sees pins of, in catalogue order: each becomes a topic. A subject with no
 * pin on a public board (a small world, or one only a secret board holds) would be a topic whose
 * page lists nothing, so it is left out, and its follows with it.
 */
function shownSubjects(boards: readonly PlannedBoard[], pins: readonly PlannedPin[]): SubjectSlug[] {
  const shown = new Set(pins.filter((pin) => itemAt(boards, pin.board).privacy === 'public').map((pin) => pin.subject));
  return SUBJECT_SLUGS.filter((slug) => shown.has(slug));
}
