import { VISITOR } from '../../../src/server/access/authorized.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textMatches } from '../../../src/server/search/pin-matches.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser } from '../../support/factories.ts';

/*
 * Words held by most pins are checked on the documents instead of by the engine (common-words.ts):
 * the matches are the same either way while the rarer words' matches fit the window.
 */
describe.each(databaseKinds)('common words of a query on %s', (kind) => {
  let t: TestApp;
  const titles = ['Lemon cake', 'Lemon drizzle cake', 'Cake stand', 'Carrot cake', 'Lemon tart', 'Cake pops', 'Pie and cake', 'Lemon pie'];
  const ids = new Map<string, string>();
  const visitor = VISITOR;
  const found = async (tokens: string[], commonWordPins?: number) =>
    (await textMatches(t.deps, visitor, { tokens, kind: 'all', savedBy: null, product: null }, commonWordPins)).map((m) => m.id).sort();
  const pinsTitled = (...wanted: string[]) => wanted.map((title) => ids.get(title) ?? '').sort();

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const baker = await makeUser(t.deps, 'baker');
    const board = await makeBoard(t.deps, baker, { name: 'Bakes' });
    for (const title of titles) ids.set(title, (await makePin(t.deps, baker, board, { title })).pin.id);
  });
  afterAll(() => t.close());

  it('finds the same pins with the common word checked on the documents as by the engine', async () => {
    const both = pinsTitled('Lemon cake', 'Lemon drizzle cake');
    expect(await found(['lemon', 'cake'])).toEqual(both);
    // "cake" is in six of the eight pins: held by "many" at a threshold of 5.
    expect(await found(['lemon', 'cake'], 5)).toEqual(both);
    expect(await found(['cake', 'lemon'], 5)).toEqual(both);
  });

  it('sends the rarest word when every word is common, and checks the rest', async () => {
    expect(await found(['cake', 'pie'], 1)).toEqual(pinsTitled('Pie and cake'));
    expect(await found(['lemon', 'pie'], 1)).toEqual(pinsTitled('Lemon pie'));
  });
});
