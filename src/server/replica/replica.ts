import type { PortLog } from '../ports/ports.ts';

/**
 * The life of an in-memory replica that a serving node keeps of database rows (the recommender's
 * pin–board graph, the visual index): built whole at start, then kept current by re-reading
 * what each commit touched, as the events its node subscriber hears name it
 * (docs/decisions/0033-domain-events.md).
 *
 * The replica's own code keeps the queue of changes and says how to build and how to apply;
 * this loop decides when. Changes gather for COALESCE_MS and are applied a batch at a time,
 * never during a build. A build waits for the batch under way, and what arrives meanwhile is
 * applied after it, so nothing heard is lost to a rebuild.
 */
export type ReplicaWork = {
  /** What log lines call the replica ("graph", "visual index"). */
  name: string;
  /** Reads everything again and swaps the result in. */
  build(): Promise<void>;
  /** Applies the queued changes, taking them off the queue. A failure leaves those rows as they were. */
  apply(): Promise<void>;
  /** Whether changes wait to be applied. */
  hasPending(): boolean;
};

export type Replica = {
  /** Builds; a change queued during the build is applied after it. */
  start: () => Promise<void>;
  /** Resolves once the first build is done (requests wait for it). */
  ready: () => Promise<void>;
  /** Reads the whole replica again (after a restore, or to repair it). */
  rebuild: () => Promise<void>;
  /** Changes were queued: they are applied after COALESCE_MS, with whatever else arrives meanwhile. */
  changed: () => void;
  /** Resolves once every change queued so far is applied. */
  settled: () => Promise<void>;
  /** Stops applying and waits for the build or batch under way. */
  close: () => Promise<void>;
  readonly closed: boolean;
};

/** How long changes gather before they are read back: well within a second, a burst of saves at once. */
export const COALESCE_MS = 50;

export function createReplica(deps: { log: PortLog }, work: ReplicaWork): Replica {
  let starting: Promise<void> | null = null;
  let building: Promise<void> | null = null;
  let draining: Promise<void> | null = null;
  let coalescing: NodeJS.Timeout | null = null;
  let closed = false;

  const applyAll = async () => {
    while (!closed && work.hasPending()) {
      try {
        await work.apply();
      } catch (error) {
        deps.log.warn({ err: error }, `Could not apply a change to the ${work.name}`);
      }
    }
  };

  const drain = () => {
    if (building || draining || closed) return;
    draining = applyAll().finally(() => {
      draining = null;
      if (work.hasPending()) drain();
    });
  };

  const flush = () => {
    if (coalescing) clearTimeout(coalescing);
    coalescing = null;
    drain();
  };

  const rebuild = async () => {
    await building;
    building = (async () => {
      await draining;
      await work.build();
    })().finally(() => {
      building = null;
    });
    await building;
    drain();
  };

  return {
    get closed() {
      return closed;
    },
    start: () => {
      starting ??= rebuild();
      return starting;
    },
    ready: async () => {
      await starting;
      await building;
    },
    rebuild,
    changed: () => {
      if (closed) return;
      coalescing ??= setTimeout(flush, COALESCE_MS);
    },
    settled: async () => {
      flush();
      while (building || draining) await (building ?? draining);
    },
    close: async () => {
      closed = true;
      if (coalescing) clearTimeout(coalescing);
      coalescing = null;
      await Promise.allSettled([starting, building, draining]);
    },
  };
}
