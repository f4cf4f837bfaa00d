import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { readerOf } from '../access/authorized.ts';
import { visitor } from '../access/actor.ts';
import { countTodayArticles, todayArticlePages } from './sitemap-today.ts';
import { visibleBoards, visiblePins } from '../access/visibility.repo.ts';

/** What a sitemap lists: the public pages of each kind. */
export const SITEMAP_KINDS = ['pins', 'boards', 'profiles', 'topics', 'today', 'hubs'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The sitemaps.org limit of URLs in one file. */
export const URLS_PER_SITEMAP = 50_000;

/** `lastModified` is null where no date is honest: a hub page changes with every pin saved. */
export type SitemapEntry = { path: string; lastModified: number | null };

/** The discovery pages every visitor may open, whatever the content (docs/decisions/0024-discovery-pages.md). */
export const DISCOVERY_HUBS = ['/today/', '/ideas/', '/videos/', '/shopping/'] as const;

const asVisitor = readerOf(visitor);

/** How many pages of each kind a visitor may open. */
export async function countPublicPages(db: Db, kind: SitemapKind): Promise<number> {
  if (kind === 'hubs') return DISCOVERY_HUBS.length;
  if (kind === 'today') return countTodayArticles(db, Date.now());
  const count = (eb: ExpressionBuilder<Database, keyof Database>) => eb.fn.countAll<number | string>().as('count');
  const row =
    kind === 'pins'
      ? await db.selectFrom('pins').select(count).where(visiblePins(asVisitor)).executeTakeFirstOrThrow()
      : kind === 'boards'
        ? await db.selectFrom('boards').select(count).where(visibleBoards(asVisitor)).where('boards.archived_at', 'is', null).executeTakeFirstOrThrow()
        : kind === 'profiles'
          ? await db.selectFrom('users').select(count).executeTakeFirstOrThrow()
          : await db.selectFrom('interests').select(count).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One sitemap's worth of a kind's public pages, in id order: exactly what visiblePins and
 * visibleBoards let a visitor see (archived boards are left off their owner's profile, and here).
 */
export async function publicPages(db: Db, kind: SitemapKind, page: number): Promise<SitemapEntry[]> {
  const offset = page * URLS_PER_SITEMAP;
  if (kind === 'hubs') return page === 0 ? DISCOVERY_HUBS.map((path) => ({ path, lastModified: null })) : [];
  if (kind === 'today') return todayArticlePages(db, Date.now(), offset, URLS_PER_SITEMAP);
  if (kind === 'pins') {
    const rows = await db
      .selectFrom('pins')
      .select(['pins.id', 'pins.updated_at'])
      .where(visiblePins(asVisitor))
      .orderBy('pins.id')
      .limit(URLS_PER_SITEMAP)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ path: `/pin/${r.id}/`, lastModified: r.updated_at }));
  }
  if (kind === 'boards') {
    const rows = await db
      .selectFrom('boards')
      .innerJoin('users', 'users.id', 'boards.owner_id')
      .select(['boards.id', 'boards.slug', 'boards.updated_at', 'boards.pins_modified_at', 'users.username'])
      .where(visibleBoards(asVisitor))
      .where('boards.archived_at', 'is', null)
      .orderBy('boards.id')
      .limit(URLS_PER_SITEMAP)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ path: `/${r.username}/${r.slug}/`, lastModified: Math.max(r.updated_at, r.pins_modified_at ?? 0) }));
  }
  if (kind === 'topics') {
    // A topic's canonical page (docs/decisions/0024-discovery-pages.md); topics are public, and change only when made.
    const rows = await db.selectFrom('interests').select(['id', 'slug', 'created_at']).orderBy('id').limit(URLS_PER_SITEMAP).offset(offset).execute();
    return rows.map((r) => ({ path: `/ideas/${r.slug}/${r.id}/`, lastModified: r.created_at }));
  }
  const rows = await db.selectFrom('users').select(['id', 'username', 'updated_at']).orderBy('id').limit(URLS_PER_SITEMAP).offset(offset).execute();
  return rows.map((r) => ({ path: `/${r.username}/`, lastModified: r.updated_at }));
}
