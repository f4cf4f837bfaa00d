import { beforeAll, describe, expect, it } from 'vitest';
import { updatePrivacySettings } from '../../../src/server/users/privacy-settings.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { ensureClientBuild } from '../../support/server.ts';

const NOINDEX = '<meta name="robots" content="noindex">';

/** A member who keeps out of search engines: every page of theirs says noindex, and the sitemaps leave them out. */
describe.each(databaseKinds)('search-engine indexing off on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });
  beforeAll(() => {
    ensureClientBuild();
  });

  async function memberWithPin(name: string) {
    const member = await makeUser(t.deps, name);
    const board = await makeBoard(t.deps, member, { name: `${name} shelf` });
    const { pin } = await makePin(t.deps, member, board);
    return { member, board, pin, pages: [`/${member.username}/`, `/${member.username}/${board.slug}/`, `/pin/${pin.id}/`] };
  }

  const htmlOf = async (path: string) => {
    const response = await (await visitorClient(t)).get(path, { accept: 'text/html' });
    expect(response.statusCode, path).toBe(200);
    return response.body;
  };
  const sitemaps = async () =>
    (await Promise.all(['pins-1', 'boards-1', 'profiles-1'].map((f) => t.app.inject({ method: 'GET', url: `/sitemaps/${f}.xml` }))))
      .map((r) => r.body)
      .join('\n');

  const hide = (member: TestUser, change: { exclude_from_search?: boolean; is_private_profile?: boolean }) =>
    updatePrivacySettings(t.deps, member.actor, change);

  it('pages of a member who keeps indexing on are indexable and listed', async () => {
    const { member, board, pin, pages } = await memberWithPin('listed');
    for (const path of pages) expect(await htmlOf(path)).not.toContain(NOINDEX);
    const listed = await sitemaps();
    for (const part of [`/${member.username}/</loc>`, `/${member.username}/${board.slug}/</loc>`, `/pin/${pin.id}/</loc>`]) expect(listed).toContain(part);
  });

  it('indexing off: profile, boards and pin closeups say noindex and leave the sitemaps; on again, they return', async () => {
    const { member, pin, pages } = await memberWithPin('hidden');
    await hide(member, { exclude_from_search: true });
    for (const path of pages) {
      const html = await htmlOf(path);
      expect(html, path).toContain(NOINDEX);
      expect(html, path).not.toContain('application/ld+json');
    }
    const listed = await sitemaps();
    expect(listed).not.toContain(member.username);
    expect(listed).not.toContain(`/pin/${pin.id}/`);

    await hide(member, { exclude_from_search: false });
    for (const path of pages) expect(await htmlOf(path)).not.toContain(NOINDEX);
    expect(await sitemaps()).toContain(`/pin/${pin.id}/`);
  });

  it('a private profile is kept out of search engines as well: its header says noindex, its boards and pins are not found by visitors', async () => {
    const { member, pages } = await memberWithPin('private');
    await hide(member, { is_private_profile: true });
    const [profile, ...content] = pages;
    expect(await htmlOf(profile ?? '')).toContain(NOINDEX);
    // Only approved members see a private profile's boards and pins (docs/decisions/0046-follow-requests.md).
    for (const path of content) expect((await (await visitorClient(t)).get(path, { accept: 'text/html' })).statusCode, path).toBe(404);
    expect(await sitemaps()).not.toContain(member.username);
  });
});
