import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-adapter.ts';
import { createWriteClock, watchWrites, type WriteClock } from './write-clock.ts';
import { accounts } from './migrations/0001-accounts.ts';
import { media } from './migrations/0002-media.ts';
import { boardsAndPins } from './migrations/0003-boards-and-pins.ts';
import { pinSources } from './migrations/0004-pin-sources.ts';
import { mediaRegistrations } from './migrations/0005-media-registrations.ts';
import { search } from './migrations/0006-search.ts';
import { searchPending } from './migrations/0007-search-pending.ts';
import { discovery } from './migrations/0008-discovery.ts';
import { videoViews } from './migrations/0009-video-views.ts';
import { storyPins } from './migrations/0010-story-pins.ts';
import { reactions } from './migrations/0011-reactions.ts';
import { searchStemming } from './migrations/0012-search-stemming.ts';
import { skinTones } from './migrations/0013-skin-tones.ts';
import { savesBySaver } from './migrations/0014-saves-by-saver.ts';
import { searchIndexedAt } from './migrations/0015-search-indexed-at.ts';
import { domainEvents } from './migrations/0016-domain-events.ts';
import { publicSaveCounts } from './migrations/0017-public-save-counts.ts';
import { memberSettings } from './migrations/0018-member-settings.ts';
import { accountSecurity } from './migrations/0019-account-security.ts';
import { onboardingAndConsent } from './migrations/0020-onboarding-and-consent.ts';
import { experimentsAndTelemetry } from './migrations/0021-experiments-telemetry.ts';
import { comments } from './migrations/0022-comments.ts';
import { moderation } from './migrations/0023-moderation.ts';
import { didIts } from './migrations/0024-did-its.ts';
import { followRequests } from './migrations/0025-follow-requests.ts';
import { boardActions } from './migrations/0026-board-actions.ts';
import { commentStatesAndTriedItComments } from './migrations/0027-comment-states-and-tried-it-comments.ts';
import { liveMessages } from './migrations/0028-live-messages.ts';
import { notifications } from './migrations/0029-notifications.ts';
import { businesses } from './migrations/0030-businesses.ts';
import { pushAndMail } from './migrations/0031-push-and-mail.ts';

export type Dialect = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export type DatabaseHandle = { db: Db; dialect: Dialect; writes: WriteClock };

// int8 columns (epoch milliseconds, counts) fit in a double; read them as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export function openDatabase(database: Config['database']): DatabaseHandle {
  const writes = createWriteClock();
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    return { db: new Kysely<Database>({ dialect: watchWrites(new PostgresDialect({ pool }), writes) }), dialect: 'postgres', writes };
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = openSqlite(database.file);
  return { db: new Kysely<Database>({ dialect: watchWrites(new SqliteDialect({ database: sqlite }), writes) }), dialect: 'sqlite', writes };
}

/** Migrations are listed here, in order; one set serves both dialects. */
export function migrations(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve({
        '0001-accounts': accounts(dialect),
        '0002-media': media(dialect),
        '0003-boards-and-pins': boardsAndPins(),
        '0004-pin-sources': pinSources(),
        '0005-media-registrations': mediaRegistrations(),
        '0006-search': search(dialect),
        '0007-search-pending': searchPending(),
        '0008-discovery': discovery(),
        '0009-video-views': videoViews(),
        '0010-story-pins': storyPins(),
        '0011-reactions': reactions(),
        '0012-search-stemming': searchStemming(dialect),
        '0013-skin-tones': skinTones(),
        '0014-saves-by-saver': savesBySaver(),
        '0015-search-indexed-at': searchIndexedAt(),
        '0016-domain-events': domainEvents(dialect),
        '0017-public-save-counts': publicSaveCounts(),
        '0018-member-settings': memberSettings(),
        '0019-account-security': accountSecurity(),
        '0020-onboarding-and-consent': onboardingAndConsent(),
        '0021-experiments-telemetry': experimentsAndTelemetry(),
        '0022-comments': comments(),
        '0023-moderation': moderation(),
        '0024-did-its': didIts(),
        '0025-follow-requests': followRequests(),
        '0026-board-actions': boardActions(),
        '0027-comment-states-and-tried-it-comments': commentStatesAndTriedItComments(),
        '0028-live-messages': liveMessages(),
        '0029-notifications': notifications(),
        '0030-businesses': businesses(),
        '0031-push-and-mail': pushAndMail(),
      }),
  };
}

export async function migrate({ db, dialect }: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({ db, provider: migrations(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
