import type { Db } from '../db/database.ts';
import { VISITOR } from '../access/authorized.ts';
import { todayArticlePath, todayOf } from '../../shared/today-paths.ts';
import { countPublishedArticles, publishedArticlesSlice } from './sitemap-today.repo.ts';
import {
  countMembers,
  countTopics,
  countVisibleBoards,
  countVisiblePins,
  membersSlice,
  topicsSlice,
  visibleBoardsSlice,
  visiblePinsSlice,
} from './sitemap.repo.ts';

/** What a sitemap lists: the public pages of each kind, as a visitor may open them. */
export const SITEMAP_KINDS = ['pins', 'boards', 'profiles', 'topics', 'today', 'hubs'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The sitemaps.org limit of URLs in one file. */
export const URLS_PER_SITEMAP = 50_000;

/** `lastModified` is null where no date is honest: a hub page changes with every pin saved. */
export type SitemapEntry = { path: string; lastModified: number | null };

/** The discovery pages every visitor may open, whatever the content (docs/decisions/0024-discovery-pages.md). */
export const DISCOVERY_HUBS = ['/today/', '/ideas/', '/videos/', '/shopping/'] as const;

/** How many pages of each kind a visitor may open. */
export async function countPublicPages(db: Db, kind: SitemapKind): Promise<number> {
  switch (kind) {
    case 'hubs':
      return DISCOVERY_HUBS.length;
    case 'today':
      return countPublishedArticles(db, VISITOR, todayOf(Date.now()));
    case 'pins':
      return countVisiblePins(db, VISITOR);
    case 'boards':
      return countVisibleBoards(db, VISITOR);
    case 'profiles':
      return countMembers(db);
    case 'topics':
      return countTopics(db);
  }
}

/** The sitemap files of the index: as many of each kind as its pages fill, numbered from 1. */
export async function sitemapFiles(db: Db): Promise<{ kind: SitemapKind; page: number }[]> {
  const files: { kind: SitemapKind; page: number }[] = [];
  for (const kind of SITEMAP_KINDS) {
    const pages = Math.ceil((await countPublicPages(db, kind)) / URLS_PER_SITEMAP);
    for (let page = 1; page <= pages; page++) files.push({ kind, page });
  }
  return files;
}

/** One sitemap's worth (`page` from 0) of a kind's public pages, in id order. */
export async function publicPages(db: Db, kind: SitemapKind, page: number): Promise<SitemapEntry[]> {
  const offset = page * URLS_PER_SITEMAP;
  switch (kind) {
    case 'hubs':
      return page === 0 ? DISCOVERY_HUBS.map((path) => ({ path, lastModified: null })) : [];
    case 'today': {
      const rows = await publishedArticlesSlice(db, VISITOR, todayOf(Date.now()), offset, URLS_PER_SITEMAP);
      return rows.map((r) => ({ path: todayArticlePath({ id: r.id, title: r.title, kind: r.kind, is_shop: r.is_shop === 1 }), lastModified: r.updated_at }));
    }
    case 'pins': {
      const rows = await visiblePinsSlice(db, VISITOR, offset, URLS_PER_SITEMAP);
      return rows.map((r) => ({ path: `/pin/${r.id}/`, lastModified: r.updated_at }));
    }
    case 'boards': {
      const rows = await visibleBoardsSlice(db, VISITOR, offset, URLS_PER_SITEMAP);
      return rows.map((r) => ({ path: `/${r.username}/${r.slug}/`, lastModified: Math.max(r.updated_at, r.pins_modified_at ?? 0) }));
    }
    case 'topics': {
      // A topic's canonical page (docs/decisions/0024-discovery-pages.md); topics change only when made.
      const rows = await topicsSlice(db, offset, URLS_PER_SITEMAP);
      return rows.map((r) => ({ path: `/ideas/${r.slug}/${r.id}/`, lastModified: r.created_at }));
    }
    case 'profiles': {
      const rows = await membersSlice(db, offset, URLS_PER_SITEMAP);
      return rows.map((r) => ({ path: `/${r.username}/`, lastModified: r.updated_at }));
    }
  }
}
