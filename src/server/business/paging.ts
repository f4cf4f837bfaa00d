import { AppError } from '../errors.ts';

/**
 * The reference's business lists page by `start_index` or by a `bookmark`; ours is the next
 * start index written as digits, so a page is an offset and its size.
 */
export type PageAsk = { start_index?: number; bookmark?: string; page_size: number };
export type Window = { offset: number; limit: number };

export function windowOf(ask: PageAsk): Window {
  if (ask.bookmark !== undefined) {
    if (!/^\d{1,9}$/.test(ask.bookmark)) throw new AppError('bad_request', 'bookmark: not a bookmark of this list.');
    return { offset: Number(ask.bookmark), limit: ask.page_size };
  }
  return { offset: ask.start_index ?? 0, limit: ask.page_size };
}

/** Asks one row more than the page: its presence says there is a next page. */
export function probe(window: Window): Window {
  return { offset: window.offset, limit: window.limit + 1 };
}

export function paged<T>(rows: T[], window: Window): { items: T[]; bookmark: string | null } {
  const more = rows.length > window.limit;
  return { items: more ? rows.slice(0, window.limit) : rows, bookmark: more ? String(window.offset + window.limit) : null };
}

/** A JSON list stored in a column, as strings. */
export function listOf(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
