import { describe, expect, it } from 'vitest';
import { setBoardArchived, updateBoard } from '../../../src/server/boards/boards.service.ts';
import { deletePin } from '../../../src/server/pins/pins.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, withCountedTestApp } from '../../support/factories.ts';

/** Crawlers find every public pin, board and profile, and nothing a visitor may not open. */
describe.each(databaseKinds)('robots.txt and sitemaps on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });
  const origin = () => t.deps.config.publicUrl.origin;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('robots.txt keeps crawlers out of the APIs and forms and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Disallow: /resource/');
    expect(response.body).toContain('Disallow: /settings/');
    expect(response.body).toContain(`Sitemap: ${origin()}/sitemap.xml`);
  });

  it('lists public pins, boards and profiles, never secret, archived or deleted ones', async () => {
    const owner = await makeUser(t.deps, 'mapped');
    const open = await makeBoard(t.deps, owner, { name: 'Open Shelf' });
    const secret = await makeBoard(t.deps, owner, { name: 'Hidden Shelf', privacy: 'secret' });
    const archived = await makeBoard(t.deps, owner, { name: 'Old Shelf' });
    const shown = await makePin(t.deps, owner, open);
    const unseen = await makePin(t.deps, owner, secret);
    const gone = await makePin(t.deps, owner, open);
    await deletePin(t.deps, owner.actor, gone.pin.id);
    await setBoardArchived(t.deps, owner.actor, archived.id, true);

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    for (const file of ['pins-1', 'boards-1', 'profiles-1']) expect(index.body).toContain(`<loc>${origin()}/sitemaps/${file}.xml</loc>`);

    const pins = (await get('/sitemaps/pins-1.xml')).body;
    expect(pins).toContain(`<loc>${origin()}/pin/${shown.pin.id}/</loc>`);
    expect(pins).not.toContain(unseen.pin.id);
    expect(pins).not.toContain(gone.pin.id);
    expect(pins).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const boards = (await get('/sitemaps/boards-1.xml')).body;
    expect(boards).toContain(`<loc>${origin()}/${owner.username}/${open.slug}/</loc>`);
    expect(boards).not.toContain(secret.slug);
    expect(boards).not.toContain(archived.slug);
    expect((await get('/sitemaps/profiles-1.xml')).body).toContain(`<loc>${origin()}/${owner.username}/</loc>`);

    // A board made secret leaves the sitemap with its pins.
    await updateBoard(t.deps, owner.actor, open.id, { privacy: 'secret' });
    expect((await get('/sitemaps/pins-1.xml')).body).not.toContain(shown.pin.id);
  });

  it('answers 404 for a sitemap that does not exist, never an error', async () => {
    for (const file of ['pins-2.xml', 'pins-0.xml', 'pins-x.xml', 'secrets-1.xml', 'pins-1.txt', 'pins-99999999999.xml', '%00.xml', 'a'.repeat(200)]) {
      expect((await get(`/sitemaps/${file}`)).statusCode, file).toBe(404);
    }
  });
});
