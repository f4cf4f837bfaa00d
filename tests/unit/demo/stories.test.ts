import { describe, expect, it } from 'vitest';
import { buildPlan, FULL_COUNTS } from '../../../src/server/demo/plan.ts';
import { StoryPinInput, staticPageCount } from '../../../src/shared/story-pin.ts';

const plan = buildPlan('corkboard');

describe('the demo world’s story pins', () => {
  it('are a few recipes and guides, each on a public board of its owner, most of their own subject', () => {
    expect(plan.stories).toHaveLength(FULL_COUNTS.stories);
    expect(new Set(plan.stories.map((s) => s.story.metadata?.template_type))).toEqual(new Set(['recipe', 'diy']));
    for (const story of plan.stories) {
      const board = plan.boards[story.board];
      expect(board?.privacy).toBe('public');
      expect(board?.owner).toBe(story.creator);
    }
    expect(plan.stories.filter((s) => plan.boards[s.board]?.subject === s.subject).length).toBeGreaterThan(FULL_COUNTS.stories / 2);
  });

  it('are stories the schema takes once each painted page has its picture', () => {
    let next = 1;
    for (const planned of plan.stories) {
      const pages = planned.story.pages.map((page, p) =>
        planned.pictures[p] ? { ...page, blocks: [{ type: 'image', media_id: String(next++) }, ...page.blocks] } : page,
      );
      const story = StoryPinInput.parse({ ...planned.story, pages });
      expect(story.pages.length).toBeGreaterThanOrEqual(5);
      expect(staticPageCount(story)).toBe(story.pages.length);
      expect(story.pages.filter((page) => page.blocks.some((b) => b.type === 'ingredient' || b.type === 'supply'))).toHaveLength(1);
    }
  });

  it('are the same for the same seed, and making none leaves the rest of the world as it was', () => {
    expect(buildPlan('corkboard').stories).toEqual(plan.stories);
    expect(buildPlan('corkboard', { ...FULL_COUNTS, stories: 0 }).stories).toEqual([]);
    expect(buildPlan('corkboard', { ...FULL_COUNTS, stories: 0 }).pins).toEqual(plan.pins);
  });
});
