import type { Db } from '../db/database.ts';
import { documentsByIds, documentsIndexedAfter, listedDocumentsAfter } from './pin-documents.repo.ts';
import type { Deps } from '../deps.ts';
import { holdsEvery, pinPostingsBuilder, postedPin, type PinPostings, type PostedPin } from './pin-postings.ts';
import { compareIds } from '../common/compare-ids.ts';

/**
 * One copy of the listed pins' postings per serving node (decision 0026), as the recommender and
 * visual search keep theirs: built from the documents at start, then brought up to date by reading
 * the documents indexed since, which lie over it until the next build.
 *
 * A committed change is searchable at once: each search also reads the documents indexed after
 * what this copy covers (an index on `indexed_at`; usually none), and they replace their older
 * copies. Coverage trails the clock by `marginMs`, so a transaction that commits within that time
 * of indexing a pin, or a writer's clock that far behind, is still seen. A pin deleted since the
 * build keeps its place in the postings until the next one; the pin policy refuses it, as it
 * refuses every deleted pin, so at worst it takes a place in a window that a live pin could have had.
 */
export type PinPostingsReplica = {
  /** Builds, then follows the documents indexed since. */
  start(): Promise<void>;
  /** Resolves once the first build is done. */
  ready(): Promise<void>;
  /**
   * For each query (each word given as its forms), the newest listed pins holding a form of every
   * word, at most `limit`, newest first; null until built. One read of the documents indexed since
   * serves them all.
   */
  newest(queries: readonly (readonly (readonly string[])[])[], limit: number): Promise<PostedPin[][] | null>;
  /** Reads the documents indexed since the last look into the overlay now (the poll does so each second; tests call it). */
  catchUp(): Promise<void>;
  rebuild(): Promise<void>;
  close(): Promise<void>;
};

export type ReplicaOptions = {
  /** How far coverage trails the clock. */
  marginMs?: number;
  /** How often documents indexed since are read into the overlay. */
  pollMs?: number;
  /** Overlaid documents beyond which the postings are built again. */
  overlayMax?: number;
};

const MARGIN_MS = 10_000;
const POLL_MS = 1000;
const OVERLAY_MAX = 5000;
/** Documents read per statement while building: each page is a few milliseconds of work, between which requests are served. */
const PAGE = 1000;
/** Ids asked for at once (the engines' limits on parameters). */
const IDS = 500;

export function createPinPostingsReplica(deps: Pick<Deps, 'db' | 'log'>, options: ReplicaOptions = {}): PinPostingsReplica {
  const { marginMs = MARGIN_MS, pollMs = POLL_MS, overlayMax = OVERLAY_MAX } = options;
  let postings: PinPostings | null = null;
  /** Documents indexed at or before this are in the postings or the overlay. */
  let covered = 0;
  /** Documents indexed since the build. */
  let overlay: Overlay = new Map();
  let starting: Promise<void> | null = null;
  let building: Promise<void> | null = null;
  let catching: Promise<void> | null = null;
  let polling: NodeJS.Timeout | null = null;
  let closed = false;
  // A read that starts at millisecond t may miss a document indexed later within t: t itself is not covered.
  const coveredAfter = (started: number) => started - marginMs - 1;

  const build = async () => {
    const started = Date.now();
    const builder = pinPostingsBuilder();
    for (let after = ''; ;) {
      const page = await listedDocumentsAfter(deps.db, after, PAGE);
      for (const doc of page) builder.add(doc);
      if (page.length < PAGE || closed) break;
      await new Promise((resolve) => setImmediate(resolve));
      after = page[page.length - 1]?.pin_id ?? after;
    }
    postings = builder.finish();
    overlay = new Map();
    covered = coveredAfter(started);
  };

  const rebuild = async () => {
    // A read of the documents indexed since, under way, is laid over what it read before this build.
    building ??= (async () => {
      await catching;
      await build();
    })().finally(() => {
      building = null;
    });
    await building;
  };

  const catchUp = async () => {
    await building;
    catching ??= (async () => {
      const started = Date.now();
      for (const [id, doc] of await indexedSince(deps.db, covered, overlay)) overlay.set(id, doc);
      covered = Math.max(covered, coveredAfter(started));
    })().finally(() => {
      catching = null;
    });
    await catching;
    if (overlay.size > overlayMax && !closed) void rebuild();
  };

  const poll = () => {
    polling = setTimeout(() => {
      catchUp()
        .catch((error: unknown) => {
          deps.log.warn({ err: error }, 'Could not read the search documents indexed since');
        })
        .finally(() => {
          if (!closed) poll();
        });
    }, pollMs);
    polling.unref();
  };

  const replica: PinPostingsReplica = {
    start() {
      starting = (async () => {
        await rebuild();
        if (!closed) poll();
      })();
      return starting;
    },
    async ready() {
      await starting;
    },
    async newest(queries, limit) {
      const base = postings;
      if (!base || queries.some((words) => words.length === 0)) return null;
      const since = await indexedSince(deps.db, covered, overlay);
      const replaced = (id: string) => since.has(id) || overlay.has(id);
      // The listed documents changed since the build, each once: as read now, else as the overlay holds it.
      const changed: PostedPin[] = [];
      for (const { pin } of since.values()) if (pin) changed.push(pin);
      for (const [id, { pin }] of overlay) if (pin && !since.has(id)) changed.push(pin);
      return queries.map((words) => {
        const found = base.newest(words, limit, replaced);
        const fresh = changed.filter((pin) => holdsEvery(pin, words));
        return fresh.length === 0 ? found : [...found, ...fresh].sort((a, b) => compareIds(b.id, a.id)).slice(0, limit);
      });
    },
    catchUp,
    rebuild,
    async close() {
      closed = true;
      if (polling) clearTimeout(polling);
      await Promise.allSettled([starting, building, catching]);
      postings = null;
      overlay = new Map();
    },
  };
  return replica;
}

/** A document indexed since the build: a candidate when it is listed, else null; when it was indexed, and read. */
type Overlay = Map<string, { pin: PostedPin | null; indexedAt: number; readAt: number }>;

/**
 * The documents indexed after `since`. Their ids first, from the index on `indexed_at`; then the
 * documents themselves, only those `known` does not hold as indexed then: a document read by the
 * last look is not read again by every search until the watermark passes it.
 */
async function indexedSince(db: Db, since: number, known: Overlay): Promise<Overlay> {
  const changed = await documentsIndexedAfter(db, since);
  const found: Overlay = new Map();
  const unknown: string[] = [];
  for (const { pin_id, indexed_at } of changed) {
    const doc = known.get(pin_id);
    // Indexed before it was read: a later change has a later time (an equal one could be newer).
    if (doc && doc.indexedAt === indexed_at && indexed_at < doc.readAt) found.set(pin_id, doc);
    else unknown.push(pin_id);
  }
  for (let i = 0; i < unknown.length; i += IDS) {
    const readAt = Date.now();
    const rows = await documentsByIds(db, unknown.slice(i, i + IDS));
    for (const row of rows) found.set(row.pin_id, { pin: row.is_public === 1 ? postedPin(row) : null, indexedAt: row.indexed_at, readAt });
  }
  return found;
}
