import type { Deps } from '../deps.ts';
import { NeighbourIndex, type NeighbourIndexSettings } from './neighbour-index.ts';
import { createPgvectorCandidates } from './pgvector-candidates.repo.ts';
import { eachLivePinPage, readPinEntries, type PinEntry } from './visual.repo.ts';
import { createReplica } from '../replica/replica.ts';
import { ensureVisualVectorIndexes } from './visual-vectors.repo.ts';

/**
 * One in-memory index of pictures per serving node (decision 0023), as the recommender holds one
 * graph per node: every live image pin's visual features, built from the database at start and
 * kept current by re-reading the pins each event names (visual.subscriber.ts), whichever node
 * made the change. Who may see a pin is decided when searching, by the pin policy. Beyond a configured size the
 * pictures also get an approximate graph (decision 0025), kept current by the same changes; or,
 * with VISUAL_INDEX=pgvector, the database's (decision 0032), whose indexes start builds here.
 */
export type VisualIndex = {
  readonly neighbours: NeighbourIndex;
  /** Builds; changes queued meanwhile are applied after it. */
  start(): Promise<void>;
  /** Resolves once the first build is done. */
  ready(): Promise<void>;
  rebuild(): Promise<void>;
  close(): Promise<void>;
  /** Queues a re-read of these pins. */
  refresh(pinIds: readonly string[]): void;
  /** Resolves once every change queued so far is applied, to the graphs too. */
  settled(): Promise<void>;
};

/** How often pins whose upload is still processing are looked at again. */
const WAITING_RECHECK_MS = 1000;

export function createVisualIndex(deps: Pick<Deps, 'db' | 'log' | 'config'>): VisualIndex {
  let sharedBuild: Promise<void> | null = null;
  let indexesBuilt = false;
  const settings: NeighbourIndexSettings = {
    exactScanUpTo: deps.config.visualSearch.exactScanUpTo,
    shared: deps.config.visualSearch.index === 'pgvector' ? { candidates: createPgvectorCandidates(deps.db), ready: () => indexesBuilt } : undefined,
  };
  let neighbours = new NeighbourIndex(settings);
  const pending = new Set<string>();
  const waiting = new Set<string>();
  let rechecking: NodeJS.Timeout | null = null;

  const place = (target: NeighbourIndex, entry: PinEntry) => {
    if (entry.state === 'indexed') target.set(BigInt(entry.id), entry.entry);
    else target.delete(BigInt(entry.id));
    if (entry.state === 'waiting') waiting.add(entry.id);
    else waiting.delete(entry.id);
  };

  /** Uploads still processing when their pin was made become searchable when they are ready. */
  const scheduleRecheck = () => {
    if (rechecking || waiting.size === 0 || replica.closed) return;
    rechecking = setTimeout(() => {
      rechecking = null;
      index.refresh([...waiting]);
    }, WAITING_RECHECK_MS);
    rechecking.unref();
  };

  const replica = createReplica(deps, {
    name: 'visual index',
    async build() {
      const fresh = new NeighbourIndex(settings);
      const entries: PinEntry[] = [];
      waiting.clear();
      await eachLivePinPage(deps.db, (page) => entries.push(...page));
      // Sorted by id as a number, each set appends: no shifting while building.
      const ids = entries.map((e) => BigInt(e.id));
      const order = entries.map((_, i) => i).sort((a, b) => ((ids[a] ?? 0n) < (ids[b] ?? 0n) ? -1 : 1));
      for (const i of order) if (entries[i]) place(fresh, entries[i]);
      neighbours.close();
      neighbours = fresh;
      scheduleRecheck();
    },
    async apply() {
      const ids = [...pending];
      pending.clear();
      try {
        for (const entry of await readPinEntries(deps.db, ids)) place(neighbours, entry);
      } finally {
        scheduleRecheck();
      }
    },
    hasPending: () => pending.size > 0,
  });

  let closing = false;
  const buildSharedIndexes = () =>
    ensureVisualVectorIndexes(deps.db, () => closing).then(
      (built) => {
        indexesBuilt = built;
      },
      (error: unknown) => {
        deps.log.error({ err: error }, 'The visual index could not be built in PostgreSQL; visual search scans meanwhile');
      },
    );

  const index: VisualIndex = {
    get neighbours() {
      return neighbours;
    },
    start() {
      // A first build over many pictures takes minutes; until it is done the table is scanned.
      sharedBuild ??= settings.shared ? buildSharedIndexes() : null;
      return replica.start();
    },
    ready: replica.ready,
    rebuild: replica.rebuild,
    async close() {
      closing = true;
      if (rechecking) clearTimeout(rechecking);
      neighbours.close();
      await replica.close();
      // A rebuild that was under way has swapped in a fresh index.
      neighbours.close();
    },
    refresh(pinIds) {
      if (replica.closed || pinIds.length === 0) return;
      for (const id of pinIds) pending.add(id);
      replica.changed();
    },
    async settled() {
      await sharedBuild;
      await replica.settled();
      await neighbours.idle();
    },
  };
  return index;
}
