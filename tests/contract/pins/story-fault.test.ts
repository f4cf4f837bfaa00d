import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { expectLoggedError } from '../../support/fail-on-unexpected-errors.ts';
import { makeBoard, makeUser, signIn, withCountedTestApp } from '../../support/factories.ts';
import { failed } from '../boards/helpers.ts';
import { threePages, uploadPicture, uploadVideo } from './story-helpers.ts';

/**
 * A story whose writing fails at its last row (the media of its pages, after the pin, its save,
 * its counts and its pages) leaves nothing behind: no pin, no half story, no count moved.
 */
describe.each(databaseKinds)('a failing story pin create leaves no half story on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  async function failStoryMediaWrites(): Promise<() => Promise<void>> {
    if (kind === 'sqlite') {
      await sql.raw(`create trigger fail_story_media before insert on story_pin_media begin select raise(abort, 'injected fault'); end`).execute(t.deps.db);
      return async () => {
        await sql.raw('drop trigger fail_story_media').execute(t.deps.db);
      };
    }
    await sql
      .raw(`create or replace function injected_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(t.deps.db);
    await sql.raw('create trigger fail_story_media before insert on story_pin_media for each row execute function injected_fault()').execute(t.deps.db);
    return async () => {
      await sql.raw('drop trigger fail_story_media on story_pin_media').execute(t.deps.db);
    };
  }

  async function snapshot() {
    const db = t.deps.db;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom('pins').selectAll().orderBy('id').execute(),
        db.selectFrom('board_pins').selectAll().orderBy('id').execute(),
        db.selectFrom('boards').selectAll().orderBy('id').execute(),
        db.selectFrom('user_profiles').selectAll().orderBy('user_id').execute(),
        db.selectFrom('story_pins').selectAll().orderBy('id').execute(),
        db.selectFrom('story_pin_media').selectAll().orderBy('pin_id').orderBy('media_id').execute(),
        db.selectFrom('search_pins').select('pin_id').orderBy('pin_id').execute(),
      ]),
    );
  }

  it('rolls the pin, its save, its counts, its pages and its search document back together', async () => {
    const me = await makeUser(t.deps, 'unlucky');
    const browser = await signIn(t, me);
    const board = await makeBoard(t.deps, me, { name: 'Guides' });
    const pages = threePages(await uploadPicture(t.deps, me), await uploadVideo(t.deps, me));
    const before = await snapshot();
    const restore = await failStoryMediaWrites();
    try {
      expectLoggedError(1);
      failed(await browser.resource('PinResource', 'create', { board_id: board.id, title: 'Never', story_pin_data: pages }), 500);
    } finally {
      await restore();
    }
    expect(await snapshot()).toBe(before);
    // Once the fault is gone the same call makes the whole story.
    const again = await browser.resource('PinResource', 'create', { board_id: board.id, title: 'Now', story_pin_data: pages });
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.deps.db.selectFrom('story_pin_media').select('media_id').execute()).toHaveLength(2);
  });
});
