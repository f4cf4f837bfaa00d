import { VISITOR } from '../../../src/server/access/authorized.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPinsTable } from '../../../src/server/db/schema/search.ts';
import { createPrng, nextFloat } from '../../../src/server/recs/prng.ts';
import { termDeltas } from '../../../src/server/search/documents.ts';
import { MATCH_WINDOW, textMatches, type PinMatch, type PinSearch } from '../../../src/server/search/pin-matches.ts';
import { createPinPostingsReplica, type PinPostingsReplica } from '../../../src/server/search/pin-postings-replica.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser } from '../../support/factories.ts';
import { adjustTerms } from '../../../src/server/search/vocabulary.repo.ts';

/*
 * The listed pins' window read from this node's postings (pin-postings-replica.ts) is the window
 * the engines find: the same pins with the same scores and ranking columns, for one to three
 * words, common words checked on the documents, filters and stale pins, whether a document is in
 * the built postings, laid over them since, or indexed after the replica last looked.
 */
const STEMS = ['cake', 'lemon', 'tart', 'garden', 'paint', 'wood', 'chair', 'light', 'room', 'bake', 'quilt', 'knit'];
const DOCUMENTS = MATCH_WINDOW * 2 + 300;
const pinId = (n: number) => String(100_000_000_000 + n);

describe.each(databaseKinds)('search postings against the engine on %s', (kind) => {
  let t: TestApp;
  const rng = createPrng(11);
  const visitor = VISITOR;
  const words = (count: number) => Array.from({ length: count }, () => STEMS[Math.floor(nextFloat(rng) ** 1.6 * STEMS.length)] ?? '').join(' ');
  const document = (n: number, indexedAt: number): SearchPinsTable => {
    const [title, boards, description] = [
      words(1 + Math.floor(nextFloat(rng) * 3)),
      words(Math.floor(nextFloat(rng) * 3)),
      words(Math.floor(nextFloat(rng) * 8)),
    ];
    const product = nextFloat(rng) < 0.2;
    return {
      pin_id: pinId(n),
      title,
      boards,
      product: product ? words(2) : '',
      description,
      domain: nextFloat(rng) < 0.2 ? 'wood com' : '',
      terms: [...new Set(`${title} ${boards} ${description}`.split(' ').filter(Boolean))].join(' '),
      is_public: nextFloat(rng) < 0.95 ? 1 : 0,
      is_video: nextFloat(rng) < 0.1 ? 1 : 0,
      is_product: product ? 1 : 0,
      price: product ? Math.floor(nextFloat(rng) * 100) : null,
      in_stock: product ? 1 : null,
      save_count: Math.floor(nextFloat(rng) * 50),
      created_at: 1_700_000_000_000 + n,
      indexed_at: indexedAt,
    };
  };

  /** Pins for the documents: copies of one made by the services (documents and marks refer to pins). */
  const makePins = async (count: number) => {
    const owner = await makeUser(t.deps, 'postings');
    const { pin } = await makePin(t.deps, owner, await makeBoard(t.deps, owner, { name: 'Postings' }), { title: 'Template' });
    const template = await t.deps.db.selectFrom('pins').selectAll().where('id', '=', pin.id).executeTakeFirstOrThrow();
    for (let n = 0; n < count; n += 100) {
      await t.deps.db
        .insertInto('pins')
        .values(Array.from({ length: Math.min(100, count - n) }, (_, i) => ({ ...template, id: pinId(n + i) })))
        .execute();
    }
  };

  const write = async (docs: SearchPinsTable[]) => {
    const before = await t.deps.db
      .selectFrom('search_pins')
      .select(['pin_id', 'terms', 'is_public'])
      .where(
        'pin_id',
        'in',
        docs.map((d) => d.pin_id),
      )
      .execute();
    const old = new Map(before.map((b) => [b.pin_id, b]));
    for (let i = 0; i < docs.length; i += 100) {
      const batch = docs.slice(i, i + 100);
      await t.deps.db
        .deleteFrom('search_pins')
        .where(
          'pin_id',
          'in',
          batch.map((d) => d.pin_id),
        )
        .execute();
      await t.deps.db.insertInto('search_pins').values(batch).execute();
    }
    await adjustTerms(t.deps.db, termDeltas(docs.map((d) => ({ before: old.get(d.pin_id) ?? null, after: d }))));
  };

  const searches: { search: PinSearch; common?: number }[] = [];
  const all = (tokens: string[]): PinSearch => ({ tokens, kind: 'all', savedBy: null, product: null });
  for (const stem of STEMS) searches.push({ search: all([stem]) }, { search: all([`${stem}s`]) });
  for (const pair of [
    ['lemon', 'cake'],
    ['cakes', 'lemons'],
    ['wood', 'chair', 'light'],
    ['garden', 'room'],
    ['paint', 'nothing'],
  ]) {
    searches.push({ search: all(pair) }, { search: all(pair), common: 100 });
  }
  searches.push(
    { search: { ...all(['cake']), kind: 'videos' } },
    { search: { ...all(['wood']), kind: 'products' } },
    { search: { ...all(['lemon']), kind: 'products', product: { price_min: 20, price_max: 70, domains: ['wood.com'] } } },
  );

  type Found = Omit<PinMatch, 'text'> & { text: string };
  const find = async (): Promise<Found[][]> => {
    const found: Found[][] = [];
    for (const { search, common } of searches) {
      const matches = await textMatches(t.deps, visitor, search, common);
      // Scores as text: the same to the last bit whichever way the window was read.
      found.push(matches.map((m) => ({ ...m, text: m.text.toString() })).sort((a, b) => (a.id < b.id ? -1 : 1)));
    }
    return found;
  };
  /** Searches through a fresh replica after `act`, then through the engine alone, and compares. */
  const againstEngine = async (marginMs: number, act: (replica: PinPostingsReplica) => Promise<void> = () => Promise.resolve()) => {
    const replica = createPinPostingsReplica(t.deps, { marginMs, pollMs: 3_600_000 });
    try {
      await replica.start();
      await act(replica);
      t.deps.replicas.pinPostings = replica;
      const found = await find();
      t.deps.replicas.pinPostings = null;
      const engine = await find();
      expect(found).toEqual(engine);
      return engine;
    } finally {
      t.deps.replicas.pinPostings = null;
      await replica.close();
    }
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    await t.app.ready();
    // The app's own replica is replaced by the test's, which covers every document at once.
    await t.deps.replicas.pinPostings?.close();
    t.deps.replicas.pinPostings = null;
    await makePins(DOCUMENTS + 300);
    await write(Array.from({ length: DOCUMENTS }, (_, n) => document(n, 1000)));
  });
  afterAll(() => t.close());

  it('finds what the engine finds from the built postings', async () => {
    const engine = await againstEngine(0);
    expect(engine.some((found) => found.length === MATCH_WINDOW)).toBe(true);
  });

  /** New pins, the newest; rewritten ones (some no longer listed; half of them the same each call); stale ones. */
  let round = 0;
  const change = async () => {
    round += 1;
    const now = Date.now();
    await write([
      ...Array.from({ length: 20 }, (_, n) => document(DOCUMENTS + round * 20 + n, now)),
      ...Array.from({ length: 60 }, (_, n) => document(n * 17 + (n % 2 === 0 ? 0 : round), now)),
    ]);
    await t.deps.db
      .insertInto('search_stale_pins')
      .values(Array.from({ length: 10 }, (_, n) => ({ pin_id: pinId(n * 31 + round), marked_at: now })))
      .onConflict((oc) => oc.column('pin_id').doNothing())
      .execute();
  };

  // With no margin, what the replica read is covered at once; with an hour's, every search reads
  // the ids again and reuses the documents it knows.
  describe.each([0, 3_600_000])('with a margin of %i ms', (marginMs) => {
    it('lays documents indexed since over the postings, and leaves out stale pins', async () => {
      await againstEngine(marginMs, change);
    });

    it('reads them into its overlay, and reads a document again when it changes again', async () => {
      await againstEngine(marginMs, async (replica) => {
        await change();
        await replica.catchUp();
        await change();
      });
    });
  });

  it('builds again with every change in', async () => {
    await againstEngine(0);
  });
});
