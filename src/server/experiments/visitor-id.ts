import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_ID_COOKIE } from '../../shared/experiments.ts';

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The visitor's random id (decision 0042): it is never stored by the server, only hashed for assignment. */
export function visitorIdOf(request: FastifyRequest): string | null {
  const value = request.cookies[VISITOR_ID_COOKIE];
  return value !== undefined && VISITOR_ID.test(value) ? value : null;
}

/** The visitor's id, set on this response when the browser has none yet. */
export function ensureVisitorId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const known = visitorIdOf(request);
  if (known) return known;
  const id = crypto.randomBytes(16).toString('base64url');
  reply.setCookie(VISITOR_ID_COOKIE, id, { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: ONE_YEAR_SECONDS });
  return id;
}
