import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export type LuaScript = { source: string; sha: string };

export function luaScript(source: string): LuaScript {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

/**
 * Runs a script by its hash and sends the source only when Redis has not cached it (first use,
 * or after a restart or SCRIPT FLUSH), so each call ships a few bytes instead of the script.
 */
export async function runScript(redis: Redis, script: LuaScript, keys: string[], args: (string | number)[]): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
    return redis.eval(script.source, keys.length, ...keys, ...args);
  }
}
