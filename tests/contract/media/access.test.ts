import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { acceptInvite, inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { createPin, deletePin } from '../../../src/server/pins/pins.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { updateProfile } from '../../../src/server/social/profile.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeUser, signIn, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { pathOf } from './harness.ts';

/** The media of a secret pin answers 404 to everyone who may not see the pin (decision record 0009). */
describe.each(databaseKinds)('who may fetch a media file on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));
  let shade = 0;

  /** A fresh upload of the user's, and the path of one of its files. */
  async function upload(user: TestUser): Promise<{ id: string; path: string }> {
    shade += 1;
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: { r: shade * 7, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const media = await ingestImage(t.deps, user.actor, png, { inline: true });
    return { id: media.id, path: pathOf(media.images?.['236x']?.url ?? '') };
  }

  async function fetchAs(user: TestUser | null, path: string): Promise<{ status: number; cache: string | undefined }> {
    const client = user ? await signIn(t, user) : t.client('10.92.0.1');
    const response = await client.request({ method: 'GET', url: path });
    return { status: response.statusCode, cache: response.headers['cache-control'] };
  }

  it("an upload not pinned yet is its uploader's alone, cached privately", async () => {
    const owner = await makeUser(t.deps, 'owner');
    const other = await makeUser(t.deps, 'other');
    const { path } = await upload(owner);
    expect(await fetchAs(owner, path)).toEqual({ status: 200, cache: 'private, max-age=31536000, immutable' });
    expect((await fetchAs(other, path)).status).toBe(404);
    expect((await fetchAs(null, path)).status).toBe(404);
  });

  it('a pin on a public board makes its files public; on a secret board only owner and collaborators get them', async () => {
    const owner = await makeUser(t.deps, 'owner');
    const collaborator = await makeUser(t.deps, 'collab');
    const stranger = await makeUser(t.deps, 'stranger');
    const secret = await makeBoard(t.deps, owner, { privacy: 'secret' });
    await inviteCollaborator(t.deps, owner.actor, secret.id, collaborator.id);
    await acceptInvite(t.deps, collaborator.actor, secret.id);
    const media = await upload(owner);
    await createPin(t.deps, owner.actor, { board_id: secret.id, media_id: media.id, title: 'Hidden gift idea' });

    expect((await fetchAs(collaborator, media.path)).cache).toBe('private, max-age=31536000, immutable');
    expect((await fetchAs(stranger, media.path)).status).toBe(404);
    expect((await fetchAs(null, media.path)).status).toBe(404);

    await updateBoard(t.deps, owner.actor, secret.id, { privacy: 'public' });
    expect(await fetchAs(null, media.path)).toEqual({ status: 200, cache: 'public, max-age=31536000, immutable' });
    expect((await fetchAs(stranger, media.path)).status).toBe(200);
  });

  it('a deleted pin no longer publishes its files; a profile picture is public', async () => {
    const owner = await makeUser(t.deps, 'owner');
    const board = await makeBoard(t.deps, owner);
    const media = await upload(owner);
    const { pin } = await createPin(t.deps, owner.actor, { board_id: board.id, media_id: media.id });
    expect((await fetchAs(null, media.path)).status).toBe(200);
    await deletePin(t.deps, owner.actor, pin.id);
    expect((await fetchAs(null, media.path)).status).toBe(404);
    expect((await fetchAs(owner, media.path)).status).toBe(200);

    const avatar = await upload(owner);
    await updateProfile(t.deps, owner.actor, { image_media_id: avatar.id });
    expect((await fetchAs(null, avatar.path)).cache).toBe('public, max-age=31536000, immutable');
  });

  it("a block hides a secret collaboration's files once it ends the collaboration", async () => {
    const owner = await makeUser(t.deps, 'owner');
    const collaborator = await makeUser(t.deps, 'collab');
    const secret = await makeBoard(t.deps, owner, { privacy: 'secret' });
    await inviteCollaborator(t.deps, owner.actor, secret.id, collaborator.id);
    await acceptInvite(t.deps, collaborator.actor, secret.id);
    const media = await upload(owner);
    await createPin(t.deps, owner.actor, { board_id: secret.id, media_id: media.id });
    expect((await fetchAs(collaborator, media.path)).status).toBe(200);
    await blockUser(t.deps, owner.actor, collaborator.id);
    expect((await fetchAs(collaborator, media.path)).status).toBe(404);
  });
});
