import { afterEach, describe, expect, it } from 'vitest';
import { COALESCE_MS, createReplica, type Replica } from '../../../src/server/replica/replica.ts';
import { createTestLog } from '../../contract/ports/support/test-log.ts';

/**
 * A replica of a set of numbers: build reads `source` whole, apply reads back the queued ones.
 * It records what ran, and whether a build and a batch ever overlapped.
 */
function numbersReplica(options: { buildGate?: Promise<void>; failNext?: () => boolean } = {}) {
  const log = createTestLog();
  const source = new Set<number>();
  const held = new Set<number>();
  const pending = new Set<number>();
  const record = { builds: 0, batches: [] as number[][], overlapped: false };
  let busy: 'build' | 'apply' | null = null;
  const enter = (what: 'build' | 'apply') => {
    if (busy !== null) record.overlapped = true;
    busy = what;
  };
  const replica: Replica = createReplica(
    { log },
    {
      name: 'numbers',
      async build() {
        enter('build');
        await options.buildGate;
        held.clear();
        for (const n of source) held.add(n);
        record.builds += 1;
        busy = null;
      },
      async apply() {
        enter('apply');
        const batch = [...pending];
        pending.clear();
        await new Promise((resolve) => setTimeout(resolve, 1));
        busy = null;
        if (options.failNext?.()) throw new Error('database gone');
        record.batches.push(batch);
        for (const n of batch) {
          if (source.has(n)) held.add(n);
          else held.delete(n);
        }
      },
      hasPending: () => pending.size > 0,
    },
  );
  const change = (...numbers: number[]) => {
    for (const n of numbers) {
      source.add(n);
      pending.add(n);
    }
    replica.changed();
  };
  return { replica, log, source, held, record, change };
}

const opened: { replica: Replica }[] = [];
function open(options?: Parameters<typeof numbersReplica>[0]) {
  const made = numbersReplica(options);
  opened.push(made);
  return made;
}

afterEach(async () => {
  for (const { replica } of opened.splice(0)) await replica.close();
});

describe('a replica kept current by the changes its subscriber queues', () => {
  it('applies changes that arrive together as one batch, after the coalescing delay', async () => {
    const { replica, held, record, change } = open();
    await replica.start();
    change(1);
    change(2, 3);
    expect(held.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS * 3));
    expect(record.batches).toEqual([[1, 2, 3]]);
    expect([...held].sort()).toEqual([1, 2, 3]);
  });

  it('settled() applies what is queued at once and waits for it', async () => {
    const { replica, held, change } = open();
    await replica.start();
    change(7);
    await replica.settled();
    expect(held.has(7)).toBe(true);
  });

  it('never applies during a build, and applies after it what arrived meanwhile', async () => {
    let open_: () => void = () => undefined;
    const buildGate = new Promise<void>((resolve) => (open_ = resolve));
    const { replica, held, record, change, source } = open({ buildGate });
    source.add(1);
    const starting = replica.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    change(2);
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS * 2));
    expect(record.batches).toEqual([]);
    open_();
    await starting;
    await replica.settled();
    expect(record.overlapped).toBe(false);
    expect([...held].sort()).toEqual([1, 2]);
  });

  it('a batch that fails is logged and later changes still apply', async () => {
    let failures = 1;
    const { replica, log, held, change } = open({ failNext: () => failures-- > 0 });
    await replica.start();
    change(1);
    await replica.settled();
    expect(held.has(1)).toBe(false);
    expect(log.warnings.some((w) => w.includes('Could not apply a change to the numbers'))).toBe(true);
    change(2);
    await replica.settled();
    expect(held.has(2)).toBe(true);
  });

  it('rebuild() reads everything again, waiting for the batch under way', async () => {
    const { replica, held, record, change, source } = open();
    await replica.start();
    change(1);
    await replica.settled();
    source.add(9);
    held.delete(1);
    change(3);
    await Promise.all([replica.settled(), replica.rebuild()]);
    expect(record.overlapped).toBe(false);
    expect(record.builds).toBe(2);
    expect([...held].sort()).toEqual([1, 3, 9]);
  });

  it('once closed, applies nothing and its timer is gone', async () => {
    const { replica, held, record, change } = open();
    await replica.start();
    change(1);
    await replica.close();
    expect(replica.closed).toBe(true);
    change(3);
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS * 3));
    expect(record.batches).toEqual([]);
    expect(held.size).toBe(0);
  });
});
