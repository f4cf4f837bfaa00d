import { describe, expect, it } from 'vitest';
import { acceptInvite, inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import { updateProfile } from '../../../src/server/social/profile.service.ts';
import type { Viewer } from '../../../src/shared/viewer.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeMedia, makePin, makeUser, signIn, withCountedTestApp } from '../../support/factories.ts';

/** The viewer's own counts (secret ones included) and picture, as /v3/users/me/ and the page bootstrap show them. */
describe.each(databaseKinds)("the viewer's counts and picture on %s", (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  it('counts own boards, secret boards, shared boards and pins; shows the profile picture', async () => {
    const me = await makeUser(t.deps, 'me');
    const friend = await makeUser(t.deps, 'friend');
    const client = await signIn(t, me);
    const viewer = async () => (await client.get('/v3/users/me/')).json<{ data: Viewer }>().data;
    expect(await viewer()).toMatchObject({ board_count: 0, secret_board_count: 0, group_board_count: 0, pin_count: 0, image_small_url: null });

    const open = await makeBoard(t.deps, me);
    const secret = await makeBoard(t.deps, me, { privacy: 'secret' });
    await makePin(t.deps, me, open);
    await makePin(t.deps, me, secret);
    await makePin(t.deps, me, secret);
    const theirs = await makeBoard(t.deps, friend);
    await inviteCollaborator(t.deps, friend.actor, theirs.id, me.id);
    await acceptInvite(t.deps, me.actor, theirs.id);
    expect(await viewer()).toMatchObject({ board_count: 2, secret_board_count: 1, group_board_count: 1, pin_count: 3 });

    await updateProfile(t.deps, me.actor, { image_media_id: await makeMedia(t.deps, me) });
    const pictured = await viewer();
    expect(pictured.image_small_url).toMatch(/\/media\/img\/\d+\/60x60-[0-9a-f]{32}\.(jpg|webp)$/);
    expect(pictured.image_medium_url).toMatch(/136x136/);
    expect(pictured.image_large_url).toMatch(/236x/);
  });
});
