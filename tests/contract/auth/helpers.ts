import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../support/app.ts';

/** The path and query of the verification link in the newest mail to `to`. */
export async function verificationPath(t: TestApp, to: string, count = 1): Promise<string> {
  const mails = await t.waitForMail(to, count);
  const link = /https?:\/\/\S+\/email\/verify\/\?token=[\w-]+/.exec(mails.at(-1)?.text ?? '')?.[0];
  if (!link) throw new Error('no verification link in the mail');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export function cookieOf(response: LightMyRequestResponse, name: string) {
  return (response.cookies as { name: string; value: string; maxAge?: number; httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string }[]).find(
    (c) => c.name === name,
  );
}

export type RestError = { status: 'failure'; code: number; message: string; http_status: number; data: null };

export type ResourceBody<T = unknown> = { resource_response: { status: string; data: T; error: { code: number; message: string } | null } };

/**
 * The contents of the account tables, to show that a refused call changed nothing. One-time
 * tokens are left out: the first step of a two-factor login is refused (mfa_required) and still
 * issues its pending token.
 */
export async function accountTables(t: TestApp): Promise<string> {
  const db = t.deps.db;
  const [users, sessions, pats, browsers] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('sessions').selectAll().orderBy('id_hash').execute(),
    db.selectFrom('personal_access_tokens').selectAll().orderBy('id').execute(),
    db.selectFrom('browser_accounts').selectAll().orderBy('browser_hash').orderBy('user_id').execute(),
  ]);
  return JSON.stringify({ users, sessions, pats, browsers });
}
