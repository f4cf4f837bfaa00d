import type { Redis } from 'ioredis';
import { z } from 'zod';
import { luaScript, runScript } from '../redis-script.ts';
import { decide, decideNext } from './decide.ts';
import type { RateLimiter } from './rate-limiter.ts';

// INCR and PEXPIRE in one script: a crash between them would leave a counter that never resets.
const hitScript = luaScript(`local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`);

// GET and PTTL read together, so the count and its window's end belong to the same window.
const peekScript = luaScript(`local count = tonumber(redis.call('GET', KEYS[1]) or '0')
return { count, redis.call('PTTL', KEYS[1]) }
`);

const HitReply = z.tuple([z.number(), z.number()]);

/** Fixed windows shared by every node, as counters under `<prefix>rate:`. */
export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const reply = await runScript(redis, hitScript, [`${prefix}rate:${key}`], [Math.max(1, Math.ceil(windowMs))]);
      const [count, ttl] = HitReply.parse(reply);
      return decide(count, limit, ttl);
    },
    async peek(key, limit) {
      const reply = await runScript(redis, peekScript, [`${prefix}rate:${key}`], []);
      const [count, ttl] = HitReply.parse(reply);
      return decideNext(count, limit, Math.max(0, ttl));
    },
    async close() {
      // The connection is shared with the other Redis ports; its owner closes it.
    },
  };
}
