import type { Db, Dialect } from '../db/database.ts';
import { transact } from '../db/transaction.ts';
import type { WriteClock } from '../db/write-clock.ts';
import type { PortLog } from '../ports/ports.ts';
import { isAfter, type DomainEvent, type EventType, type Position, type StoredEvent } from './catalogue.ts';
import { claimPosition, headPosition, insertEvents, readEvents, readPosition, savePosition, startPositionAt } from './events.repo.ts';

/**
 * The seam between areas (docs/decisions/0033-domain-events.md). A service records the events of
 * its change in the change's own transaction; the areas that follow those changes subscribe here,
 * each in one of three ways:
 *
 * - in the transaction: applied by `record` itself, so the change and its effect commit together
 *   (the search documents);
 * - on every node: a replica each node keeps in memory (the recommender's graph, the visual
 *   index), fed every event after the commit with a position held in memory: a replica starts at
 *   the log's head and builds from the database;
 * - once for the cluster: a durable effect (search documents after saves; next: notifications)
 *   applied in a transaction that also moves the subscriber's stored position, so each event's
 *   effect commits exactly once even across a crash.
 *
 * Events reach subscribers in log order, at least once; each applies them idempotently.
 */
export type RecordedEvent = DomainEvent & { actorId: string | null; at: number };

type Interest = { name: string; types: readonly EventType[] };
export type TransactionSubscriber = Interest & { apply(trx: Db, events: readonly RecordedEvent[]): Promise<void> };
export type NodeSubscriber = Interest & { apply(events: readonly StoredEvent[]): Promise<void> | void };
export type ClusterSubscriber = Interest & { apply(trx: Db, events: readonly StoredEvent[]): Promise<void> };

export type EventBus = {
  /** Writes the events in the change's transaction, after its other writes, and applies the in-transaction subscribers. */
  record(trx: Db, actorId: string | null, events: DomainEvent | readonly DomainEvent[]): Promise<void>;
  inTransaction(subscriber: TransactionSubscriber): void;
  /** Registers a node subscriber at the log's head; resolves once it is registered. */
  onNode(subscriber: NodeSubscriber): Promise<void>;
  /** Registers a cluster subscriber; one seen for the first time starts at the log's head. */
  onCluster(subscriber: ClusterSubscriber): Promise<void>;
  /** Starts delivering after commits (this node's and, through the write clock, other nodes'). */
  start(): void;
  /** Resolves once every event committed before the call has been applied by this node's subscribers. */
  settled(): Promise<void>;
  close(): Promise<void>;
};

export type EventBusOptions = {
  db: Db;
  dialect: Dialect;
  writes: WriteClock;
  log: PortLog;
  /** Whether this node applies the cluster subscribers (nodes that run jobs do). */
  cluster: boolean;
};

/** Events read and applied per round. */
const PAGE = 500;
/** A safety net for a lost change message: every node looks at the log this often anyway. */
const POLL_MS = 1_000;
/** The least time between the starts of two rounds while events stream in (see wake). */
const BUSY_ROUND_MS = 20;
const BUSY_EVENTS = 8;
/** How soon to look again while PostgreSQL holds newer events back behind a running transaction. */
const HELD_BACK_RETRY_MS = 10;

type NodeState = { subscriber: NodeSubscriber; position: Position };

export function createEventBus(options: EventBusOptions): EventBus {
  const { db, dialect, log } = options;
  const inTransaction: TransactionSubscriber[] = [];
  const nodes: NodeState[] = [];
  const clusters: ClusterSubscriber[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let closed = false;

  // Commits come in bursts: one round of delivery after each burst, and one more if a commit
  // arrived while a round ran. When the last round found a stream (BUSY_EVENTS or more), the
  // next waits until BUSY_ROUND_MS after it began, so each takes a larger batch (one transaction
  // for many events) instead of competing with the writers round after round; an event now and
  // then is delivered at once.
  let lastRound = { at: 0, events: 0 };
  const wake = () => {
    if (!started || closed) return;
    if (running) {
      again = true;
      return;
    }
    const wait = lastRound.events >= BUSY_EVENTS ? Math.max(0, lastRound.at + BUSY_ROUND_MS - performance.now()) : 0;
    running = new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)))
      .then(async () => {
        const at = performance.now();
        lastRound = { at, events: await deliver() };
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'Could not deliver events; the next commit or poll tries again');
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  const poll = (ms: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      wake();
      poll(POLL_MS);
    }, ms);
    timer.unref();
  };

  const behind = async (head: Position): Promise<boolean> => {
    if (nodes.some((n) => isAfter(head, n.position))) return true;
    if (!options.cluster) return false;
    for (const subscriber of clusters) if (isAfter(head, await readPosition(db, subscriber.name))) return true;
    return false;
  };

  /** One round: every subscriber of this node takes what is new; answers how many events the nodes' read found. */
  async function deliver(): Promise<number> {
    const nodes = await deliverToNodes();
    const clusterHeldBack = options.cluster ? await deliverToCluster() : false;
    if (nodes.heldBack || clusterHeldBack) poll(HELD_BACK_RETRY_MS);
    return nodes.read;
  }

  async function deliverToNodes(): Promise<{ read: number; heldBack: boolean }> {
    let read = 0;
    for (;;) {
      const from = lowest(nodes.map((n) => n.position));
      if (!from) return { read, heldBack: false };
      const page = await readEvents(db, dialect, from, PAGE);
      read += page.events.length;
      for (const state of nodes) await applyOnNode(state, page.events, page.last);
      if (page.events.length < PAGE || closed) return { read, heldBack: page.heldBack };
    }
  }

  async function applyOnNode(state: NodeState, events: readonly StoredEvent[], last: Position): Promise<void> {
    if (!isAfter(last, state.position)) return;
    const mine = events.filter((e) => isAfter(e.position, state.position) && state.subscriber.types.includes(e.type));
    try {
      if (mine.length > 0) await state.subscriber.apply(mine);
      state.position = last;
    } catch (error) {
      // The position stays: the same events come again with the next round.
      log.warn({ err: error, subscriber: state.subscriber.name }, 'A node subscriber failed to apply events');
    }
  }

  async function deliverToCluster(): Promise<boolean> {
    let heldBack = false;
    for (const subscriber of clusters) {
      for (;;) {
        const round = await transact(db, async (trx) => {
          const position = await claimPosition(trx, dialect, subscriber.name);
          // Another node is applying this subscriber's events now.
          if (!position) return null;
          const page = await readEvents(trx, dialect, position, PAGE);
          const mine = page.events.filter((e) => subscriber.types.includes(e.type));
          if (mine.length > 0) await subscriber.apply(trx, mine);
          if (isAfter(page.last, position)) await savePosition(trx, subscriber.name, page.last);
          return page;
        }).catch((error: unknown) => {
          log.warn({ err: error, subscriber: subscriber.name }, 'A cluster subscriber failed to apply events');
          return null;
        });
        if (!round) break;
        heldBack ||= round.heldBack;
        if (round.events.length < PAGE || closed) break;
      }
    }
    return heldBack;
  }

  return {
    async record(trx, actorId, recorded) {
      const list = Array.isArray(recorded) ? (recorded as readonly DomainEvent[]) : [recorded as DomainEvent];
      if (list.length === 0) return;
      const at = Date.now();
      await insertEvents(
        trx,
        list.map(({ type, ...payload }) => ({ type, actor_id: actorId, payload: JSON.stringify(payload), created_at: at })),
      );
      const events = list.map((e) => ({ ...e, actorId, at }));
      for (const subscriber of inTransaction) {
        const mine = events.filter((e) => subscriber.types.includes(e.type));
        if (mine.length > 0) await subscriber.apply(trx, mine);
      }
    },
    inTransaction(subscriber) {
      inTransaction.push(subscriber);
    },
    async onNode(subscriber) {
      nodes.push({ subscriber, position: await headPosition(db, dialect) });
    },
    async onCluster(subscriber) {
      await startPositionAt(db, subscriber.name, await headPosition(db, dialect));
      clusters.push(subscriber);
    },
    start() {
      if (started) return;
      started = true;
      options.writes.onChange(wake);
      poll(POLL_MS);
      wake();
    },
    async settled() {
      if (!started) return;
      const head = await headPosition(db, dialect, 'committed');
      while (await behind(head)) {
        wake();
        await running;
        if (await behind(head)) await new Promise((resolve) => setTimeout(resolve, HELD_BACK_RETRY_MS));
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

function lowest(positions: readonly Position[]): Position | null {
  return positions.reduce<Position | null>((low, p) => (low === null || isAfter(low, p) ? p : low), null);
}
