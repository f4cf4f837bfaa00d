import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTopic, createArticle, deleteArticle, updateArticle } from '../../../src/server/discovery/today-admin.service.ts';
import { todayOf } from '../../../src/shared/today-paths.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, type TestUser } from '../../support/factories.ts';
import { loggedEvents } from '../search/event-world.ts';

/** What operators curate is recorded in the log, in the change's own transaction: one event per change, by the operator. */
describe.each(databaseKinds)("the operators' changes are events on %s", (kind) => {
  let t: TestApp;
  let operator: TestUser;
  let pinId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'eventeditor' } });
    operator = await makeUser(t.deps, 'editor');
    await t.deps.db.updateTable('users').set({ username: 'eventeditor' }).where('id', '=', operator.id).execute();
    const maker = await makeUser(t.deps, 'maker');
    pinId = (await makePin(t.deps, maker, await makeBoard(t.deps, maker), { title: 'Lemon tart' })).pin.id;
  });
  afterAll(() => t.close());

  const curated = async () => (await loggedEvents(t.deps)).filter((e) => e.type === 'article.changed' || e.type === 'topic.added');

  it('records article.changed when an article is made, changed and deleted', async () => {
    const before = (await curated()).length;
    const fields = { title: 'Lemons', kind: 0 as const, is_shop: false, region: 'en_US' as const, day: todayOf(Date.now()), pin_ids: [pinId] };
    const article = await createArticle(t.deps, operator.actor, fields);
    await updateArticle(t.deps, operator.actor, { id: article.id, title: 'More lemons' });
    await deleteArticle(t.deps, operator.actor, article.id);
    const events = (await curated()).slice(before);
    expect(events.map((e) => ({ type: e.type, actorId: e.actorId, ...('articleId' in e ? { articleId: e.articleId } : {}) }))).toEqual([
      { type: 'article.changed', actorId: operator.id, articleId: article.id },
      { type: 'article.changed', actorId: operator.id, articleId: article.id },
      { type: 'article.changed', actorId: operator.id, articleId: article.id },
    ]);
  });

  it('records topic.added once for a new topic, and nothing when the topic was there already', async () => {
    const before = (await curated()).length;
    const topic = await addTopic(t.deps, operator.actor, 'Citrus');
    await addTopic(t.deps, operator.actor, 'citrus');
    const events = (await curated()).slice(before);
    expect(events.map((e) => ({ type: e.type, actorId: e.actorId, ...('interestId' in e ? { interestId: e.interestId } : {}) }))).toEqual([
      { type: 'topic.added', actorId: operator.id, interestId: topic.id },
    ]);
  });

  it('records nothing when the change is refused', async () => {
    const before = (await curated()).length;
    const member = await makeUser(t.deps, 'member');
    await expect(addTopic(t.deps, member.actor, 'Oranges')).rejects.toThrow();
    expect((await curated()).length).toBe(before);
  });
});
