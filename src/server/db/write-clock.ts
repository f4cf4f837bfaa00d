import type { AbortableOperationOptions, CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode } from 'kysely';
import type { PubSub, Unsubscribe } from '../ports/cache/cache.ts';

/**
 * Counts the commits that may change what a visitor reads: every committed insert, update,
 * delete or raw write, except to the bookkeeping tables below that no page shows. A cached
 * answer made at generation g is current exactly while the clock still reads g, so caches need
 * no list of what each write affects (docs/decisions/0016-visitor-cache.md).
 */
export type WriteClock = {
  readonly generation: number;
  /** A commit of another process (through pub/sub). */
  advance(): void;
  /** Called after each local commit that advanced the clock. */
  onLocalCommit(listener: () => void): void;
  /** Called after every advance, local or another process's: something may have committed. */
  onChange(listener: () => void): void;
};

/** Tables of sign-in, tokens and jobs: busy, and never part of what a page shows. */
const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'one_time_tokens',
  'personal_access_tokens',
  'browser_accounts',
  'jobs',
  'event_positions',
  'site_verification_codes',
  'media_registrations',
  'recent_searches',
  'search_pending_pins',
  'pin_video_views',
  'kysely_migration',
  'kysely_migration_lock',
  // Members' own logs and messages: only their members read them, never a visitor's page.
  'member_log',
  'member_log_heads',
  'conversations',
  'conversation_members',
  'messages',
  'message_settings',
  'invite_codes',
]);

type LocalClock = WriteClock & { committed(): void };

export function createWriteClock(): LocalClock {
  let generation = 0;
  const local: (() => void)[] = [];
  const any: (() => void)[] = [];
  return {
    get generation() {
      return generation;
    },
    advance() {
      generation += 1;
      for (const listener of any) listener();
    },
    committed() {
      generation += 1;
      for (const listener of local) listener();
      for (const listener of any) listener();
    },
    onLocalCommit(listener) {
      local.push(listener);
    },
    onChange(listener) {
      any.push(listener);
    },
  };
}

/** The dialect with its driver watched: the clock advances after each commit that wrote content. */
export function watchWrites(dialect: Dialect, clock: LocalClock): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => watchedDriver(dialect.createDriver(), clock),
  };
}

type Watched = { inner: DatabaseConnection; inTransaction: boolean; wrote: boolean };

function watchedDriver(driver: Driver, clock: LocalClock): Driver {
  const watched = new WeakMap<DatabaseConnection, Watched>();
  const stateOf = (connection: DatabaseConnection): Watched => {
    const state = watched.get(connection);
    if (!state) throw new Error('A connection this driver did not hand out');
    return state;
  };
  const inner = (connection: DatabaseConnection) => stateOf(connection).inner;
  // Writes inside a transaction count at its commit: a reader in between still sees the old rows.
  const wrote = (state: Watched) => {
    if (state.inTransaction) state.wrote = true;
    else clock.committed();
  };
  const endTransaction = (state: Watched, committed: boolean) => {
    const changed = committed && state.wrote;
    state.inTransaction = false;
    state.wrote = false;
    if (changed) clock.committed();
  };
  return {
    init: (options) => driver.init(options),
    destroy: (options) => driver.destroy(options),
    acquireConnection: async (options) => {
      const connection = await driver.acquireConnection(options);
      const state: Watched = { inner: connection, inTransaction: false, wrote: false };
      const proxy: DatabaseConnection = {
        executeQuery: async <R>(query: CompiledQuery, queryOptions?: AbortableOperationOptions) => {
          const result = await connection.executeQuery<R>(query, queryOptions);
          // Within a transaction one write is enough to know: later ones need no second look.
          if (!(state.inTransaction && state.wrote) && changesContent(query)) wrote(state);
          return result;
        },
        streamQuery: (query, chunkSize, queryOptions) => connection.streamQuery(query, chunkSize, queryOptions),
      };
      watched.set(proxy, state);
      return proxy;
    },
    releaseConnection: (connection, options) => driver.releaseConnection(inner(connection), options),
    beginTransaction: async (connection, settings) => {
      await driver.beginTransaction(inner(connection), settings);
      stateOf(connection).inTransaction = true;
    },
    commitTransaction: async (connection) => {
      await driver.commitTransaction(inner(connection));
      endTransaction(stateOf(connection), true);
    },
    rollbackTransaction: async (connection) => {
      try {
        await driver.rollbackTransaction(inner(connection));
      } finally {
        endTransaction(stateOf(connection), false);
      }
    },
  };
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/** Whether a query may change content: a write to a table that is not bookkeeping, or raw SQL that is not a plain read. */
export function changesContent(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'RawNode') return !/^\s*(select|pragma|explain|savepoint|release|rollback)\b/i.test(query.sql);
  if (!WRITES.has(kind)) return kind !== 'SelectQueryNode';
  return tablesIn(query.query).some((table) => !BOOKKEEPING_TABLES.has(table));
}

/** Every table a query names, subqueries included: a safe over-approximation of what it writes. */
function tablesIn(node: OperationNode): string[] {
  const names: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const candidate = value as { kind?: unknown; table?: { identifier?: { name?: unknown } } };
    if (candidate.kind === 'TableNode' && typeof candidate.table?.identifier?.name === 'string') names.push(candidate.table.identifier.name);
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
  return names;
}

/**
 * Several processes share one database: each tells the others of its commits, and advances its
 * clock on theirs. A burst of commits sends one message.
 */
export async function shareWriteClock(clock: WriteClock, pubsub: PubSub, processId: string): Promise<Unsubscribe> {
  let pending = false;
  clock.onLocalCommit(() => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      // A lost message leaves other processes' caches stale for at most their time to live.
      void pubsub.publish(CHANNEL, processId).catch(() => undefined);
    });
  });
  return pubsub.subscribe(CHANNEL, (from) => {
    if (from !== processId) clock.advance();
  });
}

const CHANNEL = 'corkboard:writes';
