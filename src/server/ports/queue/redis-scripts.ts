import { luaScript } from '../redis-script.ts';

/*
 * The Redis queue's state changes, each one atomic script. Keys under the prefix p:
 *   job:<id>      hash: type, payload, attempts, maxAttempts, dedupeKey, token (of the live lease), lastError
 *   due:<type>    sorted set of waiting job ids by the time they are due
 *   active        sorted set of leased job ids by the time their lease runs out
 *   dedupe:<key>  id of the pending job holding the key
 *   dead          sorted set of jobs given up on, by when; their hashes expire after the retention
 * Times come from Redis (TIME) so that leases do not depend on the clocks of the nodes.
 */

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

const RELEASE_DEDUPE = `local function releaseDedupe(p, id, key)
  local dedupe = redis.call('HGET', key, 'dedupeKey')
  if dedupe and dedupe ~= '' and redis.call('GET', p .. 'dedupe:' .. dedupe) == id then
    redis.call('DEL', p .. 'dedupe:' .. dedupe)
  end
end
`;

/** ARGV: prefix, type, payload, runAt, maxAttempts, dedupeKey or ''. Returns the id, or 0 when deduped. */
export const enqueueScript = luaScript(`local p, dedupe = ARGV[1], ARGV[6]
if dedupe ~= '' and redis.call('EXISTS', p .. 'dedupe:' .. dedupe) == 1 then return 0 end
local id = redis.call('INCR', p .. 'seq')
redis.call('HSET', p .. 'job:' .. id, 'type', ARGV[2], 'payload', ARGV[3], 'attempts', 0, 'maxAttempts', ARGV[5], 'dedupeKey', dedupe)
redis.call('ZADD', p .. 'due:' .. ARGV[2], ARGV[4], id)
if dedupe ~= '' then redis.call('SET', p .. 'dedupe:' .. dedupe, id) end
return id
`);

/**
 * ARGV: prefix, leaseMs, limit, token, type... Returns {id, type, payload, attempt, maxAttempts}[].
 * First returns jobs whose lease ran out (their worker died or stalled) to their due set.
 */
export const claimScript = luaScript(`${NOW}local p, lease, limit, token = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
local active = p .. 'active'
for _, id in ipairs(redis.call('ZRANGEBYSCORE', active, '-inf', '(' .. now, 'LIMIT', 0, 100)) do
  redis.call('ZREM', active, id)
  local jobType = redis.call('HGET', p .. 'job:' .. id, 'type')
  if jobType then
    redis.call('HDEL', p .. 'job:' .. id, 'token')
    redis.call('ZADD', p .. 'due:' .. jobType, now, id)
  end
end
local claimed = {}
for i = 5, #ARGV do
  if #claimed >= limit then break end
  local due = p .. 'due:' .. ARGV[i]
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', due, '-inf', now, 'LIMIT', 0, limit - #claimed)) do
    redis.call('ZREM', due, id)
    local key = p .. 'job:' .. id
    if redis.call('EXISTS', key) == 1 then
      local attempt = redis.call('HINCRBY', key, 'attempts', 1)
      redis.call('HSET', key, 'token', token)
      redis.call('ZADD', active, now + lease, id)
      local fields = redis.call('HMGET', key, 'payload', 'maxAttempts')
      claimed[#claimed + 1] = { id, ARGV[i], fields[1], attempt, tonumber(fields[2]) }
    end
  end
end
return claimed
`);

/** ARGV: prefix, id, token. Returns 1, or 0 when the lease was lost. */
export const completeScript = luaScript(`${RELEASE_DEDUPE}local p, id = ARGV[1], ARGV[2]
local key = p .. 'job:' .. id
if redis.call('HGET', key, 'token') ~= ARGV[3] then return 0 end
redis.call('ZREM', p .. 'active', id)
releaseDedupe(p, id, key)
redis.call('DEL', key)
return 1
`);

/** ARGV: prefix, id, token, error, retryInMs or '' to give up, dead retention ms. Returns 1 or 0. */
export const failScript = luaScript(`${NOW}${RELEASE_DEDUPE}local p, id = ARGV[1], ARGV[2]
local key = p .. 'job:' .. id
if redis.call('HGET', key, 'token') ~= ARGV[3] then return 0 end
redis.call('ZREM', p .. 'active', id)
redis.call('HDEL', key, 'token')
redis.call('HSET', key, 'lastError', ARGV[4])
if ARGV[5] == '' then
  local retention = tonumber(ARGV[6])
  releaseDedupe(p, id, key)
  redis.call('ZADD', p .. 'dead', now, id)
  redis.call('ZREMRANGEBYSCORE', p .. 'dead', '-inf', now - retention)
  redis.call('PEXPIRE', key, retention)
else
  redis.call('ZADD', p .. 'due:' .. redis.call('HGET', key, 'type'), now + tonumber(ARGV[5]), id)
end
return 1
`);

/** ARGV: prefix, leaseMs, then id, token pairs. Renews only leases still held. */
export const extendScript = luaScript(`${NOW}local p, lease = ARGV[1], tonumber(ARGV[2])
for i = 3, #ARGV, 2 do
  if redis.call('HGET', p .. 'job:' .. ARGV[i], 'token') == ARGV[i + 1] then
    redis.call('ZADD', p .. 'active', 'XX', now + lease, ARGV[i])
  end
end
return 0
`);
