import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../../../src/server/access/actor.ts';
import { getProfile, updateProfile } from '../../../src/server/social/profile.service.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { makeBoard, makePin, makeUser } from '../../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp('sqlite', { worker: false });
});
afterAll(async () => t.close());

describe('profile counts: others never learn the secret part', () => {
  it('the owner sees every pin and board, others only the public ones', async () => {
    const me = await makeUser(t.deps);
    await makePin(t.deps, me, await makeBoard(t.deps, me));
    await makePin(t.deps, me, await makeBoard(t.deps, me, { privacy: 'secret' }));
    expect(await getProfile(t.deps, me.actor, me.username)).toMatchObject({ pin_count: 2, board_count: 2, secret_board_count: 1, is_me: true });
    const seen = await getProfile(t.deps, visitor, me.username);
    expect(seen).toMatchObject({ pin_count: 1, board_count: 1, is_me: false });
    expect(seen).not.toHaveProperty('secret_board_count');
    expect(seen).not.toHaveProperty('last_repin_id');
  });

  it('a user nothing happened to has zero counts', async () => {
    const me = await makeUser(t.deps);
    expect(await getProfile(t.deps, visitor, me.username.toUpperCase())).toMatchObject({ pin_count: 0, follower_count: 0, about: '' });
  });

  it("about and website are the owner's to edit", async () => {
    const me = await makeUser(t.deps);
    await updateProfile(t.deps, me.actor, { about: 'I collect teapots.', website_url: 'https://teapots.example' });
    expect(await getProfile(t.deps, visitor, me.username)).toMatchObject({ about: 'I collect teapots.', website_url: 'https://teapots.example' });
    await expect(updateProfile(t.deps, visitor, { about: 'x' })).rejects.toMatchObject({ errorName: 'unauthorized' });
  });
});
