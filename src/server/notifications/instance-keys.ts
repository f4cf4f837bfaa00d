import crypto from 'node:crypto';
import webpush from 'web-push';
import { randomSecret } from '../common/secrets.ts';
import type { Deps } from '../deps.ts';
import { keepInstanceKey } from './delivery.repo.ts';

/**
 * Keys the instance makes at first use and keeps in the database, so every node of a cluster signs
 * with the same ones (docs/decisions/0053-push-and-email.md): a VAPID pair (browsers bind a push
 * subscription to its public key; a new pair would orphan every subscription) and the HMAC key of
 * the one-click unsubscribe links. Each node reads them once.
 */
export type VapidKeys = { publicKey: string; privateKey: string };

const cache = new WeakMap<Deps['db'], Promise<{ vapid: VapidKeys; unsubscribe: string }>>();

export function instanceKeys(deps: Pick<Deps, 'db'>): Promise<{ vapid: VapidKeys; unsubscribe: string }> {
  let keys = cache.get(deps.db);
  if (!keys) {
    keys = load(deps).catch((error: unknown) => {
      cache.delete(deps.db);
      throw error;
    });
    cache.set(deps.db, keys);
  }
  return keys;
}

async function load(deps: Pick<Deps, 'db'>): Promise<{ vapid: VapidKeys; unsubscribe: string }> {
  const now = Date.now();
  const vapid = JSON.parse(await keepInstanceKey(deps.db, 'vapid', JSON.stringify(webpush.generateVAPIDKeys()), now)) as VapidKeys;
  const unsubscribe = await keepInstanceKey(deps.db, 'unsubscribe', randomSecret(), now);
  return { vapid, unsubscribe };
}

/** The one-click unsubscribe token of a member: their id and its HMAC, so it needs no row and no sign-in. */
export async function unsubscribeToken(deps: Pick<Deps, 'db'>, userId: string): Promise<string> {
  return `${userId}.${sign((await instanceKeys(deps)).unsubscribe, userId)}`;
}

/** The member a token names, if its signature is ours; undefined for a forged or altered one. */
export async function memberOfToken(deps: Pick<Deps, 'db'>, token: string): Promise<string | undefined> {
  const [userId, signature, ...rest] = token.split('.');
  if (!userId || !signature || rest.length > 0) return undefined;
  const wanted = Buffer.from(sign((await instanceKeys(deps)).unsubscribe, userId));
  const given = Buffer.from(signature);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted) ? userId : undefined;
}

function sign(key: string, userId: string): string {
  return crypto.createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');
}
