import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../src/server/demo/plan.ts';
import { SUBJECT_SLUGS, subjectOf } from '../../../src/server/demo/subjects.ts';
import { topicTags } from '../../../src/server/demo/words.ts';
import { tokenize, topicTokens } from '../../../src/server/search/search-text.ts';

const plan = buildPlan('corkboard');
const SMALL = { members: 5, boards: 8, pins: 40, videos: 1, saves: 60, stories: 2 };

/*
 * Every topic of the demo world has pins on its page: a topic lists the pins that hold every word
 * of its name (docs/decisions/0024-discovery-pages.md), so each pin says its subject's topic, and
 * a topic is made only for a subject a visitor sees pins of.
 */
describe('the demo world topics', () => {
  it('every pin holds all the words of its subject topic, whatever its title and board say', () => {
    for (const pin of plan.pins) {
      const words = new Set(tokenize(`${pin.title} ${pin.description}`));
      const topic = subjectOf(pin.subject).topic;
      expect(
        topicTokens(topic).filter((w) => !words.has(w)),
        `${topic}: ${pin.description}`,
      ).toEqual([]);
    }
    expect(topicTags(subjectOf('interiors'))).toBe('#interior #design');
    expect(topicTags(subjectOf('city-at-night'))).toBe('#city #night');
  });

  it('the full world has a public pin of every subject, so every subject is a topic', () => {
    expect(plan.topics).toEqual([...SUBJECT_SLUGS]);
    expect(plan.topicFollows.length).toBe(plan.members.reduce((sum, m) => sum + m.interests.length, 0));
  });

  it('a small world makes topics only of subjects with a pin on a public board, and follows only those', () => {
    const small = buildPlan('corkboard', SMALL);
    const shown = new Set(small.pins.filter((p) => small.boards[p.board]?.privacy === 'public').map((p) => p.subject));
    expect(small.topics.length).toBeLessThan(SUBJECT_SLUGS.length);
    expect(new Set(small.topics)).toEqual(shown);
    expect(small.topicFollows.length).toBeGreaterThan(0);
    for (const [, topic] of small.topicFollows) expect(small.topics).toContain(topic);
  });
});
