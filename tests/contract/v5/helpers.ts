import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createPat } from '../../../src/server/auth/pat.service.ts';
import type { TestApp } from '../../support/app.ts';
import { memberActor, type TestUser } from '../../support/factories.ts';
import { expectReferenceShape } from '../../support/openapi.ts';

/** Every scope the public API's core operations ask for, with the secret ones. */
export const ALL_SCOPES = [
  'boards:read',
  'boards:read_secret',
  'boards:write',
  'boards:write_secret',
  'pins:read',
  'pins:read_secret',
  'pins:write',
  'pins:write_secret',
  'user_accounts:read',
  'biz_access:read',
  'biz_access:write',
] as const;
export type Scope = (typeof ALL_SCOPES)[number];

/** The public scopes only: no secret read or write. */
export const PUBLIC_SCOPES: Scope[] = ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'];

/** A personal access token of `user` with these scopes, made as the settings screen makes one. */
export async function makeToken(t: TestApp, user: TestUser, scopes: readonly Scope[] = ALL_SCOPES): Promise<string> {
  return (await createPat(t.deps, memberActor(user.id), { name: 'v5 test', scopes: [...scopes] })).token;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type Call = {
  /** The reference's path template, e.g. /boards/{board_id}; filled from `params`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  /** A bearer token; null sends none. */
  token: string | null;
  headers?: Record<string, string>;
};

export function urlOf(call: Pick<Call, 'path' | 'params' | 'query'>): string {
  const path = call.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? ''));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) for (const v of [value].flat()) query.append(key, v);
  const text = query.toString();
  return `/v5${path}${text ? `?${text}` : ''}`;
}

/**
 * Calls the public API and checks the answer against the reference's schema for the operation
 * and status, whatever the status: every answer of every test is validated.
 */
export async function v5(t: TestApp, method: Method, call: Call): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method,
    url: urlOf(call),
    headers: {
      ...(call.token === null ? {} : { authorization: `Bearer ${call.token}` }),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...call.headers,
    },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });
  expect(response.statusCode, `${method} ${urlOf(call)}: ${response.body.slice(0, 500)}`).toBeLessThan(500);
  expectReferenceShape(method, call.path, response);
  return response;
}

/** The JSON body of an answer with the expected status (the body is shown when it differs). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects, as with response.json<T>()
export function answered<T>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, response.body.slice(0, 1000)).toBe(status);
  return response.json<T>();
}

/** Pages through a list to its end, `pageSize` at a time; answers every item in order. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects
export async function allPages<T>(t: TestApp, call: Call & { pageSize: number }, limit = 100): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let bookmark: string | null = null;
  for (let pages = 1; pages <= limit; pages += 1) {
    const query: Record<string, string | string[]> = { ...call.query, page_size: String(call.pageSize), ...(bookmark ? { bookmark } : {}) };
    const page = answered<{ items: T[]; bookmark: string | null }>(await v5(t, 'GET', { ...call, query }), 200);
    expect(page.items.length).toBeLessThanOrEqual(call.pageSize);
    items.push(...page.items);
    if (page.bookmark === null) return { items, pages };
    bookmark = page.bookmark;
  }
  throw new Error(`${call.path} did not end within ${limit} pages`);
}

/** A small PNG as the reference's image_base64 media source. */
export async function base64Png(width = 48, height = 32, colour = '#2e86de'): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

export async function imageSource(width?: number, height?: number) {
  return { source_type: 'image_base64', content_type: 'image/png', data: await base64Png(width, height) };
}

/** The rows a refused call must leave as they were. */
export async function snapshot(t: TestApp): Promise<string> {
  const db = t.deps.db;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('boards').selectAll().orderBy('id').execute(),
      db.selectFrom('board_sections').selectAll().orderBy('id').execute(),
      db.selectFrom('board_collaborators').selectAll().orderBy('board_id').orderBy('user_id').execute(),
      db.selectFrom('pins').selectAll().orderBy('id').execute(),
      db.selectFrom('board_pins').selectAll().orderBy('id').execute(),
      db.selectFrom('user_profiles').selectAll().orderBy('user_id').execute(),
      db.selectFrom('media').select(['id', 'status', 'owner_id']).orderBy('id').execute(),
      db.selectFrom('media_registrations').selectAll().orderBy('id').execute(),
    ]),
  );
}

/** The reference's Error body. */
export type ErrorBody = { code: number; message: string };
