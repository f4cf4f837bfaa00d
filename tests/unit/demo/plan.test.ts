import { describe, expect, it } from 'vitest';
import { BoardFields } from '../../../src/shared/contracts/boards.ts';
import { LIKED_SHARE } from '../../../src/server/demo/plan-graph.ts';
import { buildPlan, FULL_COUNTS, type DemoPlan } from '../../../src/server/demo/plan.ts';
import { DEMO_EMAIL, DEMO_USERNAME } from '../../../src/server/demo/plan-people.ts';
import { Username } from '../../../src/shared/validation/username.ts';
import { PinFields } from '../../../src/shared/contracts/pins.ts';

const plan: DemoPlan = buildPlan('corkboard');
const SMALL = { members: 5, boards: 8, pins: 40, videos: 1, saves: 60, stories: 2 };

const boardOf = (index: number) =>
  plan.boards[index] ??
  (() => {
    throw new Error(`no board ${index}`);
  })();
const pinOf = (index: number) =>
  plan.pins[index] ??
  (() => {
    throw new Error(`no pin ${index}`);
  })();

describe('the demo world plan', () => {
  it('has at least 30 members, 100 boards, 1,000 pins and some videos, as the issue asks', () => {
    expect(plan.members.length).toBeGreaterThanOrEqual(30);
    expect(plan.boards.length).toBeGreaterThanOrEqual(100);
    expect(plan.pins.length).toBeGreaterThanOrEqual(1000);
    expect(plan.pins.filter((p) => p.kind === 'video').length).toBe(FULL_COUNTS.videos);
    expect(plan.saves.length).toBe(FULL_COUNTS.saves);
  });

  it('is a pure function of the seed: the same seed the same world, another seed another one', () => {
    expect(buildPlan('corkboard')).toEqual(plan);
    const other = buildPlan('another seed');
    expect(other.members.map((m) => m.username)).not.toEqual(plan.members.map((m) => m.username));
    expect(other.pins.map((p) => p.title)).not.toEqual(plan.pins.map((p) => p.title));
  });

  it('scales down for tests and refuses counts that cannot make a world', () => {
    const small = buildPlan('corkboard', SMALL);
    expect([small.members.length, small.boards.length, small.pins.length]).toEqual([5, 8, 40]);
    expect(small.pins.filter((p) => p.kind === 'video')).toHaveLength(1);
    expect(() => buildPlan('x', { ...SMALL, boards: 4 })).toThrow(RangeError);
    expect(() => buildPlan('x', { ...SMALL, videos: 41 })).toThrow(RangeError);
    expect(() => buildPlan('x', { ...SMALL, members: 1, boards: 1 })).toThrow(RangeError);
  });

  it('member 0 is the demo member with the printed login; everyone has a valid, unique username and 2-4 interests', () => {
    expect(plan.members[0]).toMatchObject({ username: DEMO_USERNAME, email: DEMO_EMAIL, isDemo: true });
    expect(plan.members.filter((m) => m.isDemo)).toHaveLength(1);
    expect(new Set(plan.members.map((m) => m.username)).size).toBe(plan.members.length);
    expect(new Set(plan.members.map((m) => m.email)).size).toBe(plan.members.length);
    for (const member of plan.members) {
      expect(Username.safeParse(member.username).success, member.username).toBe(true);
      expect(member.email.endsWith('.example')).toBe(true);
      expect(member.interests.length).toBeGreaterThanOrEqual(2);
      expect(member.interests.length).toBeLessThanOrEqual(4);
    }
  });

  it('every member has a board; board names are valid and unique per owner; boards are themed on the owner’s interests', () => {
    plan.members.forEach((member, index) => {
      const owned = plan.boards.filter((b) => b.owner === index);
      expect(owned.length, member.username).toBeGreaterThan(0);
      expect(new Set(owned.map((b) => b.name)).size).toBe(owned.length);
    });
    for (const board of plan.boards)
      expect(BoardFields.safeParse({ name: board.name, description: board.description, privacy: board.privacy }).success).toBe(true);
    const onInterest = plan.boards.filter((b) => plan.members[b.owner]?.interests.includes(b.subject)).length;
    expect(onInterest / plan.boards.length).toBeGreaterThan(0.8);
  });

  it('has secret boards, boards with sections and shared boards; the demo member collaborates on one and is invited to another', () => {
    expect(plan.boards.some((b) => b.privacy === 'secret')).toBe(true);
    expect(plan.boards.filter((b) => b.sections.length > 0).length).toBeGreaterThan(10);
    expect(plan.boards.filter((b) => b.collaborators.length > 0).length).toBeGreaterThan(5);
    expect(plan.boards.some((b) => b.owner === 0 && b.privacy === 'secret')).toBe(true);
    const demoRoles = plan.boards.flatMap((b) => b.collaborators.filter((c) => c.member === 0).map((c) => c.accepts));
    expect(demoRoles.sort()).toEqual([false, true]);
  });

  it('every board gets a pin, made by its owner or an accepted collaborator, in a section of that board', () => {
    const filled = new Set(plan.pins.map((p) => p.board));
    expect(filled.size).toBe(plan.boards.length);
    for (const pin of plan.pins) {
      const board = boardOf(pin.board);
      const writers = [board.owner, ...board.collaborators.filter((c) => c.accepts).map((c) => c.member)];
      expect(writers).toContain(pin.creator);
      expect(pin.subject).toBe(board.subject);
      if (pin.section !== null) expect(pin.section).toBeLessThan(board.sections.length);
      expect(
        PinFields.safeParse({
          board_id: '1',
          media_id: '1',
          title: pin.title,
          description: pin.description,
          alt_text: pin.altText,
          link: pin.link ?? undefined,
        }).success,
      ).toBe(true);
    }
    const aspects = new Set(plan.pins.map((p) => p.aspect));
    expect(aspects.size).toBeGreaterThanOrEqual(6);
    expect(plan.pins.filter((p) => p.link !== null).length / plan.pins.length).toBeGreaterThan(0.3);
    for (const pin of plan.pins.filter((p) => p.link)) expect(new URL(pin.link ?? '').hostname.endsWith('.example')).toBe(true);
  });

  it('shops sell and bakers share recipes: some linked pins carry the product or recipe their page declares', () => {
    const products = plan.pins.filter((p) => p.page?.product);
    const recipes = plan.pins.filter((p) => p.page?.recipe);
    expect(products.length).toBeGreaterThanOrEqual(50);
    expect(recipes.length).toBeGreaterThanOrEqual(20);
    expect(plan.pins.filter((p) => p.page !== null && p.link === null)).toEqual([]);
    expect(new Set(products.map((p) => p.subject))).toEqual(new Set(['interiors', 'fashion', 'beauty', 'coffee']));
    expect(new Set(recipes.map((p) => p.subject))).toEqual(new Set(['desserts']));
    for (const { page, title } of products) {
      const product = page?.product;
      expect(product?.name).toBe(title);
      expect(product?.brand).toBeTruthy();
      expect(product?.price).toMatch(/^\d+\.\d{2}$/);
      expect(['InStock', 'OutOfStock', 'PreOrder']).toContain(product?.availability);
      expect(product?.currency).toBe('USD');
    }
    expect(products.some((p) => p.page?.product?.availability !== 'InStock')).toBe(true);
    expect(products.some((p) => (p.page?.product?.variants ?? []).length > 0)).toBe(true);
    for (const { page } of recipes) {
      const recipe = page?.recipe;
      expect(recipe?.total_time).toMatch(/^PT(\d+H)?(\d+M)?$/);
      expect(recipe?.ingredients.length).toBeGreaterThanOrEqual(7);
      expect(recipe?.rating?.value).toBeGreaterThanOrEqual(3.8);
    }
  });

  it('saves follow a power law: a few pins collect many saves, most pins few', () => {
    const perPin = new Map<number, number>();
    for (const save of plan.saves) perPin.set(save.pin, (perPin.get(save.pin) ?? 0) + 1);
    const counts = plan.pins.map((_, i) => perPin.get(i) ?? 0).sort((a, b) => b - a);
    const top = counts.slice(0, plan.pins.length / 10).reduce((a, b) => a + b, 0);
    expect(top / plan.saves.length).toBeGreaterThan(0.3);
    expect(counts[0]).toBeGreaterThanOrEqual(10);
    expect(counts[plan.pins.length / 2]).toBeLessThanOrEqual(3);
  });

  it('members save mostly within their interests, onto their own boards, never a pin twice or a secret pin of someone else', () => {
    const seen = new Set<string>();
    let themed = 0;
    let interesting = 0;
    for (const save of plan.saves) {
      const pin = pinOf(save.pin);
      const board = boardOf(save.board);
      expect(board.owner).toBe(save.member);
      expect(boardOf(pin.board).privacy).toBe('public');
      expect(pin.creator).not.toBe(save.member);
      const key = `${save.board}/${save.pin}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      if (pin.subject === board.subject) themed += 1;
      if (plan.members[save.member]?.interests.includes(pin.subject)) interesting += 1;
    }
    expect(themed / plan.saves.length).toBeGreaterThan(0.7);
    expect(interesting / plan.saves.length).toBeGreaterThan(0.8);
    // Some cross-subject saves too: the graph is not a set of islands.
    expect(themed).toBeLessThan(plan.saves.length);
  });

  it('follows are between distinct people, of others’ public boards, and of the members’ own interests', () => {
    const pairs = new Set(plan.userFollows.map(([a, b]) => `${a}>${b}`));
    expect(pairs.size).toBe(plan.userFollows.length);
    for (const [follower, followee] of plan.userFollows) expect(follower).not.toBe(followee);
    for (const [member, board] of plan.boardFollows) {
      expect(boardOf(board).owner).not.toBe(member);
      expect(boardOf(board).privacy).toBe('public');
    }
    expect(plan.topicFollows.length).toBe(plan.members.reduce((sum, m) => sum + m.interests.length, 0));
    // Somebody follows the demo member, so its profile has followers.
    expect(plan.userFollows.some(([, followee]) => followee === 0)).toBe(true);
  });

  it('likes: 40% of the public pins, by others than their creator, once each; the popular ones collect most', () => {
    const publicPins = plan.pins.filter((p) => boardOf(p.board).privacy === 'public').length;
    const likes = new Map<number, number>();
    const seen = new Set<string>();
    for (const { member, pin } of plan.reactions) {
      expect(boardOf(pinOf(pin).board).privacy).toBe('public');
      expect(pinOf(pin).creator).not.toBe(member);
      expect(seen.has(`${member}/${pin}`)).toBe(false);
      seen.add(`${member}/${pin}`);
      likes.set(pin, (likes.get(pin) ?? 0) + 1);
    }
    expect(likes.size).toBe(Math.round(publicPins * LIKED_SHARE));
    // The world of the default seed, as README and decision 0012 describe it.
    expect([publicPins, likes.size, plan.reactions.length]).toEqual([913, 365, 2063]);
    const counts = [...likes.values()].sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThanOrEqual(20);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThanOrEqual(4);
    // The demo member has liked some, so its closeups show its own heart filled too.
    expect(plan.reactions.some((r) => r.member === 0)).toBe(true);
  });
  it('comments: under liked public pins, by members who liked them, replies under earlier top comments, within the write limit', () => {
    const likers = new Set(plan.reactions.map((r) => `${r.member}/${r.pin}`));
    const perMember = new Map<number, number>();
    plan.comments.forEach((comment, i) => {
      expect(boardOf(pinOf(comment.pin).board).privacy).toBe('public');
      expect(comment.text.trim()).not.toBe('');
      perMember.set(comment.member, (perMember.get(comment.member) ?? 0) + 1);
      if (comment.replyTo === null) {
        expect(likers.has(`${comment.member}/${comment.pin}`)).toBe(true);
        return;
      }
      const top = plan.comments[comment.replyTo];
      expect(comment.replyTo).toBeLessThan(i);
      expect(top).toMatchObject({ pin: comment.pin, replyTo: null });
    });
    // The comment rate limit is 30 in 10 minutes, for the demo's members as for anyone.
    expect(Math.max(...perMember.values())).toBeLessThanOrEqual(25);
    expect([plan.comments.length, plan.comments.filter((c) => c.replyTo !== null).length]).toEqual([256, 64]);
    // Conversations under the demo member's own pins, so its closeups show some.
    expect(plan.comments.some((c) => pinOf(c.pin).creator === 0 && c.member !== 0)).toBe(true);
  });

  it('tried-its: public picture pins, not by their creator, once per member and pin, most with a photo', () => {
    const seen = new Set<string>();
    for (const tried of plan.triedIts) {
      const pin = pinOf(tried.pin);
      expect([boardOf(pin.board).privacy, pin.kind]).toEqual(['public', 'image']);
      expect(pin.creator).not.toBe(tried.member);
      expect(seen.has(`${tried.member}/${tried.pin}`)).toBe(false);
      seen.add(`${tried.member}/${tried.pin}`);
    }
    expect([plan.triedIts.length, plan.triedIts.filter((t) => t.picture !== null).length]).toEqual([42, 36]);
    expect(plan.triedIts.some((t) => t.member === 0)).toBe(true);
  });
});
