import { catchUpSearch } from '../../support/settle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editPin } from '../../../src/server/pins/pins.service.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { idsFound, indexDrift } from './helpers.ts';

/*
 * Pins are stemmed in their creator's language and found by other forms of their words, the same
 * on both databases: plurals and inflections of the main locales for everyone, the other stemmed
 * languages for their own speakers, and the very words a pin holds for anyone.
 */

describe.each(databaseKinds)('stemmed search in the main locales on %s', (kind) => {
  let t: TestApp;
  let visitor: TestClient;

  /** A member writing in `locale`. */
  async function speaker(name: string, locale: string): Promise<TestUser> {
    const user = await makeUser(t.deps, name);
    await t.deps.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
    return user;
  }

  /** A public pin by a member writing in `locale`. */
  async function pinIn(locale: string, board: string, title: string): Promise<string> {
    const user = await speaker(locale, locale);
    return (await makePin(t.deps, user, await makeBoard(t.deps, user, { name: board }), { title })).pin.id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    visitor = await visitorClient(t);
  });
  afterAll(async () => {
    await catchUpSearch(t.deps);
    expect(await indexDrift(t.deps)).toEqual([]);
    await t.close();
  });

  it('finds French, German, Spanish, Portuguese, Italian and English pins by another form of their words', async () => {
    const cases: [locale: string, board: string, title: string, queries: string[]][] = [
      ['fr', "Recettes d'automne", 'Gâteaux aux marrons', ['gateau', 'marron', 'recette automne', 'GÂTEAU marron']],
      ['de', 'Ferienhäuser', 'Häuser am Meer', ['haus', 'Haus Meer']],
      ['es', 'Cocina', 'Recetas fáciles con pollo', ['receta', 'receta facil', 'pollos']],
      ['pt_BR', 'Doces', 'Receitas de bolos caseiros', ['bolo', 'receita caseira']],
      ['it', 'Cucina', 'Ricette della nonna', ['ricetta', 'nonne']],
      ['en_US', 'Baking', 'Baked cookies', ['baking cookie', 'bake']],
    ];
    for (const [locale, board, title, queries] of cases) {
      const pin = await pinIn(locale, board, title);
      for (const query of queries) expect(await idsFound(visitor, query), `${locale}: ${query}`).toContain(pin);
      expect(await idsFound(visitor, `${queries[0] ?? ''} zeppelin`), locale).toEqual([]);
    }
  });

  it("keeps a pin in one language apart from another language's forms of a different word", async () => {
    const pin = await pinIn('fr', 'Moyen Âge', 'Chevalier en armure');
    expect(await idsFound(visitor, 'chevalier')).toContain(pin);
    expect(await idsFound(visitor, 'chevaux')).not.toContain(pin);
  });

  it('stems the other languages for their speakers, and finds them by their very words for everyone', async () => {
    const pin = await pinIn('tr', 'Okuma', 'Bir kitap');
    const turk = await signIn(t, await speaker('okur', 'tr'));
    expect(await idsFound(turk, 'kitaplar')).toContain(pin);
    expect(await idsFound(visitor, 'kitaplar')).not.toContain(pin);
    expect(await idsFound(visitor, 'kitap')).toContain(pin);
    expect(await idsFound(visitor, 'okuma')).toContain(pin);
  });

  it("stems an edit in the creator's language at once", async () => {
    const author = await speaker('auteur', 'fr');
    const { pin } = await makePin(t.deps, author, await makeBoard(t.deps, author, { name: 'Jardin' }), { title: 'Tulipes' });
    await editPin(t.deps, author.actor, pin.id, { title: 'Chevaux sauvages' });
    expect(await idsFound(visitor, 'cheval sauvage')).toContain(pin.id);
    expect(await idsFound(visitor, 'tulipe')).not.toContain(pin.id);
  });
});
