import type { Db } from '../db/database.ts';
import { logAfter, type LogRow } from './member-log.repo.ts';

/** One open stream: where it is in its member's log and how to send it more. */
export type LiveStream = {
  memberId: string;
  position: number;
  send(rows: readonly LogRow[]): void;
  /** Ends the stream (the server is closing). */
  end(): void;
};

type Pump = { running: boolean; again: boolean };

const BATCH = 200;

/**
 * The open live streams of this node, by member. A wake (a commit that appended to a member's log,
 * on any node) makes each of that member's streams read its log after its own position: an entry
 * is sent once per stream, in order, whatever wakes arrive meanwhile or are lost (the next wake,
 * or the stream's own read at start, catches up).
 */
export function createLiveHub(db: Db) {
  const byMember = new Map<string, Set<LiveStream>>();
  const pumps = new WeakMap<LiveStream, Pump>();

  async function catchUp(stream: LiveStream): Promise<void> {
    const pump = pumps.get(stream);
    if (!pump) return;
    if (pump.running) {
      pump.again = true;
      return;
    }
    pump.running = true;
    try {
      do {
        pump.again = false;
        for (;;) {
          const rows = await logAfter(db, stream.memberId, stream.position, BATCH);
          if (rows.length === 0 || !pumps.has(stream)) break;
          stream.position = rows[rows.length - 1]?.seq ?? stream.position;
          stream.send(rows);
          if (rows.length < BATCH) break;
        }
        // A wake during the reads above set `again`: read once more.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by a concurrent wake while this one awaited
      } while (pump.again && pumps.has(stream));
    } finally {
      pump.running = false;
    }
  }

  return {
    /** Adds a stream and sends it what its member's log holds after its position. */
    open(stream: LiveStream): Promise<void> {
      let streams = byMember.get(stream.memberId);
      if (!streams) byMember.set(stream.memberId, (streams = new Set()));
      streams.add(stream);
      pumps.set(stream, { running: false, again: false });
      return catchUp(stream);
    },
    close(stream: LiveStream): void {
      pumps.delete(stream);
      const streams = byMember.get(stream.memberId);
      streams?.delete(stream);
      if (streams?.size === 0) byMember.delete(stream.memberId);
    },
    /** Entries were appended to these members' logs: their streams on this node read them. */
    async wake(memberIds: readonly string[]): Promise<void> {
      const waiting: Promise<void>[] = [];
      for (const memberId of memberIds) for (const stream of byMember.get(memberId) ?? []) waiting.push(catchUp(stream));
      await Promise.all(waiting);
    },
    /** The server is closing: every stream ends, and each browser reconnects elsewhere from its position. */
    endAll(): void {
      for (const streams of [...byMember.values()]) for (const stream of [...streams]) stream.end();
    },
    get openCount(): number {
      let count = 0;
      for (const streams of byMember.values()) count += streams.size;
      return count;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
