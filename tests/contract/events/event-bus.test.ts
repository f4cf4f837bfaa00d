import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, migrate, type DatabaseHandle } from '../../../src/server/db/database.ts';
import { transact } from '../../../src/server/db/transaction.ts';
import type { StoredEvent } from '../../../src/server/events/catalogue.ts';
import { createEventBus, type ClusterSubscriber, type EventBus, type NodeSubscriber } from '../../../src/server/events/event-bus.ts';
import { readEvents } from '../../../src/server/events/events.repo.ts';
import { pruneEvents } from '../../../src/server/events/retention.ts';
import { createTestLog } from '../ports/support/test-log.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases.ts';

/** The event log on a real database: recorded with the change, delivered in order, each subscriber's effect once. */
describe.each(databaseKinds)('the event log on %s', (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const buses: EventBus[] = [];
  const log = createTestLog();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = openDatabase(database.database);
    await migrate(handle);
    // Where the cluster subscribers below leave their effects.
    await sql`create table test_effects (subscriber text not null, pin_id text not null, primary key (subscriber, pin_id))`.execute(handle.db);
  });
  // Each test's buses stop with it, so no subscriber of one test runs during the next.
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
  });
  afterAll(async () => {
    await handle.db.destroy();
    await database.drop();
  });

  const bus = (cluster = true): EventBus => {
    const made = createEventBus({ ...handle, log, cluster });
    buses.push(made);
    return made;
  };
  const pinEdited = (pinId: string) => ({ type: 'pin.edited' as const, pinId });
  const pinIdsOf = (events: readonly StoredEvent[]) => events.map((e) => ('pinId' in e ? e.pinId : ''));

  it('keeps the events of a committed change and none of a rolled-back one', async () => {
    const events = bus();
    await transact(handle.db, (trx) => events.record(trx, '7', [pinEdited('101'), pinEdited('102')]));
    await expect(
      transact(handle.db, async (trx) => {
        await events.record(trx, '7', pinEdited('103'));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const { events: read } = await readEvents(handle.db, handle.dialect, { tx: 0, id: 0 }, 100);
    expect(pinIdsOf(read)).toEqual(['101', '102']);
    expect(read.every((e) => e.actorId === '7' && e.at > 0)).toBe(true);
  });

  it('applies in-transaction subscribers inside the change, so a rolled-back change leaves no effect', async () => {
    const events = bus();
    const seen: string[] = [];
    events.inTransaction({
      name: 'test projection',
      types: ['pin.edited'],
      apply: async (trx, recorded) => {
        const { n } = await trx
          .selectFrom('domain_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        seen.push(...recorded.map((e) => `${'pinId' in e ? e.pinId : ''}:${String(n > 0)}`));
      },
    });
    await transact(handle.db, (trx) => events.record(trx, null, [pinEdited('201'), { type: 'board.created', boardId: '5' }]));
    expect(seen).toEqual(['201:true']);
  });

  it('delivers to a node subscriber, in log order, every event committed after it registered', async () => {
    const events = bus(false);
    await transact(handle.db, (trx) => events.record(trx, null, pinEdited('300')));
    const got: string[] = [];
    const subscriber: NodeSubscriber = { name: 'order', types: ['pin.edited'], apply: (batch) => void got.push(...pinIdsOf(batch)) };
    await events.onNode(subscriber);
    events.start();
    for (let i = 1; i <= 30; i++) await transact(handle.db, (trx) => events.record(trx, null, pinEdited(String(300 + i))));
    await events.settled();
    // (On PostgreSQL the head may stop short of event 300, hidden a moment longer by another database's transaction.)
    expect(got.filter((id) => id !== '300')).toEqual(Array.from({ length: 30 }, (_, i) => String(301 + i)));
  });

  it('gives a failing node subscriber the same events again, and later ones after them', async () => {
    const events = bus(false);
    let failures = 2;
    const got: string[] = [];
    await events.onNode({
      name: 'flaky',
      types: ['pin.edited'],
      apply: (batch) => {
        if (failures-- > 0) throw new Error('not yet');
        got.push(...pinIdsOf(batch));
      },
    });
    events.start();
    await transact(handle.db, (trx) => events.record(trx, null, pinEdited('401')));
    await expect.poll(() => got, { timeout: 5000, interval: 20 }).toEqual(['401']);
    await transact(handle.db, (trx) => events.record(trx, null, pinEdited('402')));
    await events.settled();
    expect(got).toEqual(['401', '402']);
    expect(log.warnings.some((w) => w.includes('A node subscriber failed to apply events'))).toBe(true);
  });

  it('applies a cluster subscriber once per event, its position moving in the same transaction as its effect', async () => {
    const writer = bus();
    await transact(handle.db, (trx) => writer.record(trx, null, pinEdited('500')));
    // Two nodes apply the same subscriber: together they write each effect once.
    const effect = (name: string): ClusterSubscriber => ({
      name,
      types: ['pin.edited'],
      apply: async (trx, batch) => {
        for (const e of batch) await sql`insert into test_effects (subscriber, pin_id) values ('once', ${'pinId' in e ? e.pinId : ''})`.execute(trx);
      },
    });
    const [one, two] = [bus(), bus()];
    await one.onCluster(effect('once'));
    await two.onCluster(effect('once'));
    one.start();
    two.start();
    for (let i = 1; i <= 40; i++) await transact(handle.db, (trx) => writer.record(trx, null, pinEdited(String(500 + i))));
    await Promise.all([one.settled(), two.settled()]);
    const { rows } = await sql<{ pin_id: string }>`select pin_id from test_effects where subscriber = 'once' order by pin_id`.execute(handle.db);
    // Each effect once (the table's key would refuse a second). It started at the head, so the
    // history before it is not replayed; on PostgreSQL the head may stop short of an event whose
    // writer's commit a running transaction (of any database of the server) still hides, and
    // such an event comes after it.
    expect(rows.map((r) => r.pin_id).filter((id) => id !== '500')).toEqual(Array.from({ length: 40 }, (_, i) => String(501 + i)));
  });

  it('rolls a failing cluster subscriber back with its position, and applies the events again', async () => {
    const events = bus();
    let failures = 1;
    const got: string[] = [];
    await events.onCluster({
      name: 'fails once',
      types: ['pin.edited'],
      apply: async (trx, batch) => {
        await sql`insert into test_effects (subscriber, pin_id) values ('fails once', 'x')`.execute(trx);
        if (failures-- > 0) throw new Error('crash in the middle');
        got.push(...pinIdsOf(batch));
      },
    });
    events.start();
    await transact(handle.db, (trx) => events.record(trx, null, pinEdited('601')));
    await expect.poll(() => got, { timeout: 5000, interval: 20 }).toEqual(['601']);
    // The failed attempt's effect rolled back with it; the retry's stands alone.
    const { rows } = await sql`select pin_id from test_effects where subscriber = 'fails once'`.execute(handle.db);
    expect(rows).toHaveLength(1);
  });

  it('passes over an event of a type this build does not know, and delivers the next', async () => {
    const events = bus(false);
    const got: string[] = [];
    await events.onNode({ name: 'unknown', types: ['pin.edited'], apply: (batch) => void got.push(...pinIdsOf(batch)) });
    events.start();
    await handle.db.insertInto('domain_events').values({ type: 'comment.from_the_future', actor_id: null, payload: '{}', created_at: Date.now() }).execute();
    await transact(handle.db, (trx) => events.record(trx, null, pinEdited('701')));
    await events.settled();
    expect(got).toEqual(['701']);
  });

  it.runIf(kind === 'postgres')('never steps over an event whose transaction commits after a later one', async () => {
    const events = bus(false);
    const got: string[] = [];
    await events.onNode({ name: 'gaps', types: ['pin.edited'], apply: (batch) => void got.push(...pinIdsOf(batch)) });
    events.start();
    // The first transaction takes its number first and commits last.
    const slow = await handle.db.startTransaction().execute();
    await events.record(slow, null, pinEdited('801'));
    await transact(handle.db, (trx) => events.record(trx, null, pinEdited('802')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toEqual([]);
    await slow.commit().execute();
    await events.settled();
    expect(got).toEqual(['801', '802']);
  });

  it('prunes events past their retention that every cluster subscriber has applied, and keeps the rest', async () => {
    const long = Date.now() - 500 * 86_400_000;
    const events = bus();
    await transact(handle.db, (trx) => events.record(trx, null, pinEdited('901')));
    await handle.db.updateTable('domain_events').set({ created_at: long }).execute();
    const applied = await handle.db.selectFrom('domain_events').select(['tx', 'id']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await handle.db
      .insertInto('event_positions')
      .values({ subscriber: 'behind', ...applied, updated_at: 0 })
      .execute();
    // Old, but after what the slowest subscriber applied: kept until it is applied.
    await transact(handle.db, (trx) => events.record(trx, null, [pinEdited('902'), pinEdited('903')]));
    await handle.db.updateTable('domain_events').set({ created_at: long }).where('id', '>', applied.id).execute();
    // Applied by all, but recent: kept.
    await handle.db
      .updateTable('event_positions')
      .set({ tx: 2 ** 40, id: 2 ** 40 })
      .where('subscriber', '<>', 'behind')
      .execute();
    await transact(handle.db, (trx) => events.record(trx, null, pinEdited('904')));

    const pruned = await pruneEvents(handle.db, 400);
    const left = await readEvents(handle.db, handle.dialect, { tx: 0, id: 0 }, 1000);
    expect(pruned).toBeGreaterThan(0);
    expect(pinIdsOf(left.events)).toEqual(['902', '903', '904']);
  });
});
