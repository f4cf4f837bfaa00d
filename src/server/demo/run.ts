import type { Deps } from '../deps.ts';
import { anyUserId } from '../users/users.repo.ts';
import { createBoards, createPins } from './content.ts';
import { createFollows, createReactions, createSaves } from './graph.ts';
import { createStories } from './stories.ts';
import { createComments, createTriedIts } from './talk.ts';
import { ensureTopics, fillProfiles, insertOtherMembers, signUpDemoMember } from './members.ts';
import { buildPlan, FULL_COUNTS, type DemoCounts } from './plan.ts';
import { DEMO_PASSWORD } from './plan-people.ts';
import { itemAt } from './random.ts';
import type { World } from './world.ts';

export type DemoLogin = { email: string; username: string; password: string };

export type DemoOptions = {
  seed: string;
  counts?: DemoCounts;
  /** Aborting stops the generator between two service calls (shutdown); what was made stays. */
  signal?: AbortSignal;
  /** Called as soon as the demo member can log in, before the rest of the world exists. */
  onLogin?: (login: DemoLogin) => void;
  onPins?: (made: number, total: number) => void;
};

export type DemoWorld = {
  login: DemoLogin;
  made: {
    members: number;
    boards: number;
    pins: number;
    videos: number;
    stories: number;
    saves: number;
    reactions: number;
    follows: number;
    comments: number;
    triedIts: number;
  };
  /** Milliseconds per step, for the start-up log. */
  timings: Record<string, number>;
};

/** True when the database has no account at all: the first start of an empty database. */
export async function databaseIsEmpty(deps: Deps): Promise<boolean> {
  return (await anyUserId(deps.db)) === undefined;
}

/**
 * Makes the demo world of `seed` through the product's services, or nothing (null) when the
 * database already has users or another node claimed the world first.
 */
export async function generateDemoWorld(deps: Deps, options: DemoOptions): Promise<DemoWorld | null> {
  if (!(await databaseIsEmpty(deps))) return null;
  const plan = buildPlan(options.seed, options.counts ?? FULL_COUNTS);
  const world: World = { deps, plan, signal: options.signal, members: [], boards: [], sections: [], pins: [], topics: new Map() };
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step();
    timings[name] = Math.round(performance.now() - started);
    return result;
  };

  const demo = itemAt(plan.members, 0);
  if (!(await timed('demo member', () => signUpDemoMember(world, demo)))) return null;
  const login = { email: demo.email, username: demo.username, password: DEMO_PASSWORD };
  options.onLogin?.(login);
  await timed('members', () => insertOtherMembers(world, plan.members.slice(1)));
  await timed('topics', () => ensureTopics(world));
  await timed('profiles', () => fillProfiles(world));
  await timed('boards', () => createBoards(world));
  const { videos } = await timed('pins', () => createPins(world, options.onPins ?? (() => undefined)));
  const stories = await timed('stories', () => createStories(world));
  await timed('saves', () => createSaves(world));
  await timed('reactions', () => createReactions(world));
  await timed('follows', () => createFollows(world));
  await timed('comments', () => createComments(world));
  await timed('tried-its', () => createTriedIts(world));
  const follows = plan.userFollows.length + plan.boardFollows.length + plan.topicFollows.length;
  return {
    login,
    made: {
      members: world.members.length,
      boards: world.boards.length,
      pins: world.pins.length,
      videos,
      stories,
      saves: plan.saves.length,
      reactions: plan.reactions.length,
      follows,
      comments: plan.comments.length,
      triedIts: plan.triedIts.length,
    },
    timings,
  };
}
