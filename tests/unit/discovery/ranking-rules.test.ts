import { describe, expect, it } from 'vitest';
import { rankByPopularity, rankByPosition, TOPIC_WEIGHTS, withLead } from '../../../src/server/discovery/topic-ranking.ts';
import { candidatePairs } from '../../../src/server/discovery/related-interests.ts';
import { PIN_WEIGHTS, rankPins } from '../../../src/server/search/ranking.ts';
import { kindLabelKey, pageRegion } from '../../../src/web/discovery/today-region.ts';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;

describe('topic page ranking', () => {
  it('weighs saves and freshness more than how well the words match, and nothing personal', () => {
    expect(TOPIC_WEIGHTS.saves + TOPIC_WEIGHTS.freshness).toBeGreaterThan(TOPIC_WEIGHTS.text);
    expect(TOPIC_WEIGHTS.personal).toBe(0);
    expect(TOPIC_WEIGHTS.text + TOPIC_WEIGHTS.saves + TOPIC_WEIGHTS.freshness).toBeCloseTo(1);
  });

  it('puts a much saved pin above a better text match that nobody saved, unlike search', () => {
    const pins = [
      { id: '1', text: 1, saves: 0, createdAt: NOW, personal: 0 },
      { id: '2', text: 0.5, saves: 500, createdAt: NOW, personal: 0 },
    ];
    expect(rankPins(pins, NOW, TOPIC_WEIGHTS).map((r) => r.id)).toEqual(['2', '1']);
    expect(rankPins(pins, NOW, PIN_WEIGHTS).map((r) => r.id)).toEqual(['1', '2']);
  });

  it('ranks videos and products by saves, then by freshness', () => {
    const ranked = rankByPopularity(
      [
        { id: '1', saves: 3, createdAt: NOW - 400 * DAY },
        { id: '2', saves: 3, createdAt: NOW },
        { id: '3', saves: 300, createdAt: NOW - 30 * DAY },
      ],
      NOW,
    );
    expect(ranked.map((r) => r.id)).toEqual(['3', '2', '1']);
  });

  it('breaks equal scores by the newest id, so pages cut from it are stable', () => {
    const ranked = rankByPopularity(
      [
        { id: '9', saves: 1, createdAt: NOW },
        { id: '10', saves: 1, createdAt: NOW },
      ],
      NOW,
    );
    expect(ranked.map((r) => r.id)).toEqual(['10', '9']);
  });
});

describe('an operator list of pins', () => {
  it('keeps the operator order, first highest', () => {
    const ranked = rankByPosition(['30', '10', '20']);
    expect(ranked.map((r) => r.id)).toEqual(['30', '10', '20']);
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? Infinity);
  });
});

describe('the lead pin of an article address (text--pinId)', () => {
  const ranked = rankByPosition(['1', '2', '3']);

  it('comes first when the article holds it, the rest in their order', () => {
    const led = withLead(ranked, '3');
    expect(led.map((r) => r.id)).toEqual(['3', '1', '2']);
    expect(led[0]?.score).toBeGreaterThan(led[1]?.score ?? Infinity);
  });

  it('changes nothing when the article does not hold it, or none is named', () => {
    expect(withLead(ranked, '99').map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(withLead(ranked, null).map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(withLead([], '1')).toEqual([]);
  });
});

describe('candidate topics of a pin', () => {
  const topics = [
    { id: 'm', tokens: ['mountains'] },
    { id: 'c', tokens: ['city', 'night'] },
    { id: 'k', tokens: ['cars'] },
  ];

  it('are the topics each of whose words starts like one of the document terms (stems keep their first letters)', () => {
    const docs = [
      { pin_id: 'p1', terms: 'misty mountain ridge' },
      { pin_id: 'p2', terms: 'city lights nights' },
      { pin_id: 'p3', terms: 'city morning' },
    ];
    const asked = candidatePairs(topics, docs);
    expect(asked.map((a) => [a.topic.id, a.pinIds])).toEqual([
      ['m', ['p1']],
      ['c', ['p2']],
    ]);
  });

  it('leave the engine to tell near misses apart (card is asked about cars, and refused there)', () => {
    expect(candidatePairs(topics, [{ pin_id: 'p', terms: 'card' }]).map((a) => a.topic.id)).toEqual(['k']);
  });

  it('are none for a pin without terms', () => {
    expect(candidatePairs(topics, [{ pin_id: 'p', terms: '' }])).toEqual([]);
  });
});

describe('the Today tab region of a page', () => {
  it('is the address region when it is one, else the member region, else en_US', () => {
    expect(pageRegion('?region=de_AT', null)).toBe('de_AT');
    expect(pageRegion('?region=xx_YY', { locale: 'fr', country: 'FR' })).toBe('fr_FR');
    expect(pageRegion('', { locale: 'en_GB', country: 'GB' })).toBe('en_GB');
    expect(pageRegion('', null)).toBe('en_US');
  });

  it('labels an article kind by the path rule', () => {
    expect(kindLabelKey({ kind: 1, is_shop: true })).toBe('discovery.kindShop');
    expect(kindLabelKey({ kind: 0, is_shop: false })).toBe('discovery.kindTrending');
    expect(kindLabelKey({ kind: 2, is_shop: false })).toBe('discovery.kindSearches');
    expect(kindLabelKey({ kind: 1, is_shop: false })).toBe('discovery.kindBest');
    expect(kindLabelKey({ kind: 3, is_shop: false })).toBe('discovery.kindArticle');
  });
});
