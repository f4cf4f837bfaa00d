import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canvasOf } from '../../../src/server/demo/painters/paint.ts';
import { paintBeauty } from '../../../src/server/demo/painters/people.ts';
import { createRandom } from '../../../src/server/demo/random.ts';
import type { Board, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { RESULTS_MIN } from '../../../src/server/search/skin-tone-queries.ts';
import { SKIN_TONE_RANGES, type SkinToneRange } from '../../../src/shared/skin-tone.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { searchAs, type SearchData } from './helpers.ts';

/*
 * Skin tone ranges on beauty and fashion searches: a pins search narrowed to a range finds the pins
 * whose pictures the media pipeline put in that range, in the order of the whole search; the answer
 * says when the ranges are offered; a range that does not exist is refused and changes nothing.
 */

type Answer = SearchData & { show_skin_tone_filters: boolean };

/** A picture of made-up skin of the range (the demo world's painter), or of none. */
async function picture(range: SkinToneRange | 'none', seed: string): Promise<Buffer> {
  if (range === 'none')
    return sharp({ create: { width: 300, height: 400, channels: 3, background: '#1d3557' } })
      .png()
      .toBuffer();
  return sharp(Buffer.from(paintBeauty(createRandom(seed), canvasOf('3:4', 300), range)))
    .png()
    .toBuffer();
}

describe.each(databaseKinds)('skin tone filters of search on %s', (kind) => {
  let t: TestApp;
  let ana: TestUser;
  let visitor: TestClient;
  let member: TestClient;
  let looks: Board;
  const byRange = new Map<SkinToneRange | 'none', Pin[]>();

  async function pinOf(board: Board, title: string, range: SkinToneRange | 'none'): Promise<Pin> {
    const media = await ingestImage(t.deps, ana.actor, await picture(range, title), { inline: true });
    const { pin } = await createPin(t.deps, ana.actor, { board_id: board.id, media_id: media.id, title });
    byRange.set(range, [...(byRange.get(range) ?? []), pin]);
    return pin;
  }

  const answer = async (client: TestClient, options: Record<string, unknown>) => (await searchAs(client, options)).data as Answer;
  const ids = (data: Answer) => data.results.map((r) => r.id);

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    ana = await makeUser(t.deps, 'ana');
    looks = await makeBoard(t.deps, ana, { name: 'Evening looks' });
    for (const [i, range] of [...SKIN_TONE_RANGES, ...SKIN_TONE_RANGES, 'none' as const].entries()) await pinOf(looks, `Berry lipstick look ${i + 1}`, range);
    const cabins = await makeBoard(t.deps, ana, { name: 'Cabins' });
    await pinOf(cabins, 'Berry picking cabin', 'none');
    visitor = await visitorClient(t);
    member = await signIn(t, await makeUser(t.deps, 'bea'));
  }, 120_000);
  afterAll(() => t.close());

  it('stores the range the pipeline found with each picture', async () => {
    for (const [range, pins] of byRange) {
      const rows = await t.deps.db
        .selectFrom('pins')
        .innerJoin('media', 'media.id', 'pins.media_id')
        .select('media.skin_tone')
        .where(
          'pins.id',
          'in',
          pins.map((p) => p.id),
        )
        .execute();
      expect(
        rows.map((r) => r.skin_tone),
        range,
      ).toEqual(pins.map(() => range));
    }
  });

  it('offers the ranges on a beauty search, and narrows it to the pins of the chosen range, in the order of the whole search', async () => {
    const all = await answer(visitor, { query: 'lipstick' });
    expect(all.show_skin_tone_filters).toBe(true);
    expect(all.results).toHaveLength(9);
    for (const range of SKIN_TONE_RANGES) {
      const narrowed = await answer(visitor, { query: 'lipstick', skin_tone: range });
      const expected = new Set((byRange.get(range) ?? []).map((p) => p.id));
      expect(ids(narrowed).sort(), range).toEqual([...expected].sort());
      expect(ids(narrowed), range).toEqual(ids(all).filter((id) => expected.has(id)));
      expect(narrowed.show_skin_tone_filters).toBe(true);
    }
  });

  it('offers them when most of the best results are about beauty, though the words are not', async () => {
    const berry = await answer(member, { query: 'berry' });
    expect(ids(berry)).toHaveLength(10);
    expect(berry.show_skin_tone_filters).toBe(true);
  });

  it('does not offer them on other searches, unless a range is chosen, which keeps them so it can be cleared', async () => {
    const cabin = await answer(visitor, { query: 'cabin' });
    expect(cabin.show_skin_tone_filters).toBe(false);
    expect(ids(cabin)).toHaveLength(1);
    const narrowed = await answer(visitor, { query: 'cabin', skin_tone: 'dark' });
    expect(narrowed.show_skin_tone_filters).toBe(true);
    expect(narrowed.results).toEqual([]);
  });

  it('judges the results by their own words, not by the names of the boards they sit on', async () => {
    const saved = await makeBoard(t.deps, ana, { name: 'Beauty makeup lipstick' });
    for (let i = 1; i <= RESULTS_MIN + 1; i += 1) await pinOf(saved, `Espresso coffee roast ${i}`, 'none');
    const coffee = await answer(visitor, { query: 'espresso' });
    expect(coffee.results).toHaveLength(RESULTS_MIN + 1);
    expect(coffee.show_skin_tone_filters).toBe(false);
  });

  it('never finds what the viewer may not see: a secret board’s pins stay out of every range', async () => {
    const secret = await makeBoard(t.deps, ana, { name: 'Private looks', privacy: 'secret' });
    const hidden = await pinOf(secret, 'Plum lipstick secret', 'dark');
    for (const range of SKIN_TONE_RANGES) expect(ids(await answer(member, { query: 'lipstick', skin_tone: range }))).not.toContain(hidden.id);
    expect(ids(await answer(await signIn(t, ana), { query: 'plum', skin_tone: 'dark' }))).toEqual([hidden.id]);
  });

  it('refuses a range that does not exist, or on boards and people, with a 400 naming skin_tone, and remembers no search', async () => {
    const recent = () => t.deps.db.selectFrom('recent_searches').selectAll().orderBy('query_key').execute();
    // Earlier searches are remembered after their answers.
    await t.deps.replicas.recentSearches.settled();
    const before = await recent();
    for (const options of [
      { query: 'lipstick', skin_tone: 'olive' },
      { query: 'lipstick', skin_tone: 3 },
      { query: 'lipstick', skin_tone: ['dark'] },
      { query: 'lipstick', skin_tone: '' },
      { query: 'lipstick', scope: 'boards', skin_tone: 'dark' },
      { query: 'lipstick', scope: 'users', skin_tone: 'light' },
    ]) {
      const response = await member.getResource('BaseSearchResource', options);
      expect(response.statusCode, JSON.stringify(options)).toBe(400);
      const { error } = response.json<{ resource_response: { error: { message: string } } }>().resource_response;
      expect(error.message, JSON.stringify(options)).toMatch(/^skin_tone: /);
    }
    await t.deps.replicas.recentSearches.settled();
    expect(await recent()).toEqual(before);
  });
});
