import { describe, expect, it } from 'vitest';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { withCountedTestApp, makeBoard, makeMedia, makePin, makeSection, makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { bookmarkOf, failed, ok } from '../boards/helpers.ts';

type PinJson = {
  id: string;
  title: string;
  link: string | null;
  domain: string | null;
  media_status: string | null;
  images: Record<string, { url: string; width: number; height: number }> | null;
  repin_count: number;
  is_hidden: boolean;
  pinner: { id: string };
  board: { id: string } | null;
  board_pin: { id: string; board_id: string; section_id: string | null } | null;
  saved_info: { board_id: string; local_pin_id: string; section_id: string | null } | null;
  pinned_to_board: { id: string; privacy: string } | null;
  privacy: string | null;
};

describe.each(databaseKinds)('pin resources on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );

  it('PinResource: create from an upload onto a board and section, read, edit, delete', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const board = await makeBoard(t.deps, me);
    const section = await makeSection(t.deps, me, board);
    const media = await makeMedia(t.deps, me);
    const created = ok<PinJson>(
      await browser.resource('PinResource', 'create', {
        board_id: board.id,
        section_id: section.id,
        media_id: media,
        title: 'Red',
        description: 'A red\nsquare',
        link: 'https://www.example.org/p',
        alt_text: 'red',
      }),
    );
    expect(created).toMatchObject({
      title: 'Red',
      domain: 'example.org',
      media_status: 'ready',
      repin_count: 1,
      pinner: { id: me.id },
      board: { id: board.id },
    });
    expect(created.images?.['236x']).toMatchObject({ width: 40, height: 60 });
    expect(created.saved_info).toMatchObject({ board_id: board.id, section_id: section.id, local_pin_id: created.board_pin?.id });

    const visitor = await visitorClient(t);
    expect(ok<PinJson>(await visitor.getResource('PinResource', { id: created.id }))).toMatchObject({
      id: created.id,
      saved_info: null,
      board: { id: board.id },
    });
    expect(ok<PinJson>(await browser.resource('PinResource', 'update', { id: created.id, title: 'Crimson', link: '' }))).toMatchObject({
      title: 'Crimson',
      link: null,
      domain: null,
    });
    ok(await browser.resource('PinResource', 'delete', { id: created.id }));
    failed(await visitor.getResource('PinResource', { id: created.id }), 404);
  });

  it('PinResource create refuses bad links, someone else’s upload and an unknown board', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const board = await makeBoard(t.deps, me);
    const media = await makeMedia(t.deps, me);
    failed(await browser.resource('PinResource', 'create', { board_id: board.id, media_id: media, link: 'javascript:alert(1)' }), 400);
    failed(await browser.resource('PinResource', 'create', { board_id: board.id, media_id: media, title: 'x'.repeat(101) }), 400);
    failed(await browser.resource('PinResource', 'create', { board_id: board.id, media_id: await makeMedia(t.deps, await makeUser(t.deps)) }), 404);
    failed(await browser.resource('PinResource', 'create', { board_id: '1', media_id: media }), 404);
  });

  it('RepinResource: save answers savedInfo, pinned_to_board and privacy; move; unsave', async () => {
    const creator = await makeUser(t.deps);
    const { pin } = await makePin(t.deps, creator, await makeBoard(t.deps, creator));
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const secret = await makeBoard(t.deps, me, { privacy: 'secret' });
    const open = await makeBoard(t.deps, me);
    const saved = ok<PinJson>(await browser.resource('RepinResource', 'create', { pin_id: pin.id, board_id: secret.id }));
    expect(saved).toMatchObject({
      pinned_to_board: { id: secret.id, privacy: 'secret' },
      privacy: 'secret',
      // The save on the secret board is not counted: the count is of saves anyone may see.
      repin_count: 1,
      saved_info: { board_id: secret.id },
    });
    const localPinId = saved.saved_info?.local_pin_id;
    const moved = ok<PinJson>(await browser.resource('RepinResource', 'update', { id: localPinId, board_id: open.id }));
    expect(moved).toMatchObject({ pinned_to_board: { id: open.id, privacy: 'public' }, privacy: 'public' });
    expect(ok(await browser.resource('RepinResource', 'delete', { id: localPinId }))).toMatchObject({ pin_id: pin.id, saved_info: null });
    expect(ok<PinJson>(await browser.getResource('PinResource', { id: pin.id })).saved_info).toBeNull();
    failed(await browser.resource('RepinResource', 'delete', { id: localPinId }), 404);
  });

  it('HiddenPinResource hides a pin from my board feeds; UserPinsResource pages created pins', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const board = await makeBoard(t.deps, me);
    const made: string[] = [];
    for (let i = 0; i < 26; i += 1) made.push((await makePin(t.deps, me, board)).pin.id);
    const visitor = await visitorClient(t);
    const first = await visitor.getResource('UserPinsResource', { username: me.username });
    expect(ok<PinJson[]>(first)).toHaveLength(25);
    const rest = await visitor.getResource('UserPinsResource', { username: me.username, bookmark: bookmarkOf(first) });
    expect(ok<PinJson[]>(rest).map((p) => p.id)).toEqual([made[0]]);
    expect(bookmarkOf(rest)).toBe(FEED_END);

    ok(await browser.resource('HiddenPinResource', 'create', { pin_id: made[0] }));
    expect(ok<PinJson>(await browser.getResource('PinResource', { id: made[0] })).is_hidden).toBe(true);
    const feed = async (client: TestClient) => {
      const ids: string[] = [];
      for (let bookmark: string | null = null; bookmark !== FEED_END;) {
        const r = await client.getResource('BoardFeedResource', { board_id: board.id, ...(bookmark ? { bookmark } : {}) });
        ids.push(...ok<PinJson[]>(r).map((p) => p.id));
        bookmark = bookmarkOf(r);
      }
      return ids;
    };
    expect(await feed(browser)).not.toContain(made[0]);
    expect(await feed(visitor)).toContain(made[0]);
    ok(await browser.resource('HiddenPinResource', 'delete', { pin_id: made[0] }));
    expect(await feed(browser)).toContain(made[0]);
  });

  it('access tokens: pins:write is needed to save; secret boards need the secret scopes', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const secret = await makeBoard(t.deps, me, { privacy: 'secret' });
    const open = await makeBoard(t.deps, me);
    const { pin } = await makePin(t.deps, me, open);
    const token = async (scopes: string[]) =>
      ok<{ token: string }>(await browser.resource('PersonalAccessTokenResource', 'create', { name: scopes.join(' '), scopes })).token;
    const script = t.client('10.93.0.1');
    const call = async (bearer: string, name: string, verb: 'get' | 'create', options: Record<string, unknown>) => {
      const data = JSON.stringify({ options, context: {} });
      return verb === 'get'
        ? script.get(`/resource/${name}/get/?data=${encodeURIComponent(data)}`, { authorization: `Bearer ${bearer}` })
        : script.post(`/resource/${name}/create/`, { data }, { authorization: `Bearer ${bearer}` });
    };
    const reader = await token(['boards:read', 'pins:read']);
    failed(await call(reader, 'BoardResource', 'get', { board_id: secret.id }), 404);
    expect(ok<{ id: string }>(await call(reader, 'BoardResource', 'get', { board_id: open.id })).id).toBe(open.id);
    failed(await call(reader, 'RepinResource', 'create', { pin_id: pin.id, board_id: open.id }), 403);
    const writer = await token(['boards:read', 'pins:read', 'pins:write']);
    expect(ok(await call(writer, 'RepinResource', 'create', { pin_id: pin.id, board_id: open.id }))).toMatchObject({ id: pin.id });
    failed(await call(writer, 'RepinResource', 'create', { pin_id: pin.id, board_id: secret.id }), 404);
    const secretWriter = await token(['boards:read', 'boards:read_secret', 'pins:read', 'pins:write', 'pins:write_secret']);
    expect(ok(await call(secretWriter, 'RepinResource', 'create', { pin_id: pin.id, board_id: secret.id }))).toMatchObject({ id: pin.id, privacy: 'secret' });
  });
});
