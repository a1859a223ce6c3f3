/**
 * The gateway's admission in Redis as Lua scripts, each one atomic: what server/shared/redis-admission-store.ts
 * runs by SHA-1 (EVALSHA, sent whole once when Redis does not have it yet).
 */
import { createHash } from 'node:crypto';

/**
 * Every script that changes something starts with this: past its deadline (ARGV[1], ms on Redis's
 * clock) it does nothing and answers {0}. A command that waited past our time-out in a stalled
 * server would otherwise still run when the server wakes, after this replica decided without it
 * (and counted its credits to add later): the same credits twice.
 */
const deadlineGuard = `local clock = redis.call('TIME')
if tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000) > tonumber(ARGV[1]) then return {0} end`;

/**
 * The admission rule of src/domain/admission-rule.ts and MemoryAdmissionStore.take, atomic in Redis.
 * KEYS: the user's bucket (hash: tokens, last), then one counter per limited account, the user's
 * quota first, then the key's caps (each holds every credit reserved or spent in its period by any
 * replica). ARGV: the deadline (deadlineGuard), now (ms), rate (-1: none), tokens, spare tokens,
 * credits, spare credits, the spare share, then per counter: its limit, its first value when Redis
 * has none (this replica's view: stored + its own unwritten and reserved credits) and its expiry
 * (epoch ms). Answers {1, tokens, credits, remaining (-1: none)}, {2, used, the refusing counter's
 * index (1: the first)}, {3, retry after ms} (rate) or {0} (past its deadline: nothing done). The
 * differential test (test/server/redis-admission-store.test.ts) runs it against the TypeScript rule
 * on generated sequences.
 */
export const takeScript = `
${deadlineGuard}
local now = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local calls = tonumber(ARGV[4])
local spareTokens = tonumber(ARGV[5])
local credits = tonumber(ARGV[6])
local spareCredits = tonumber(ARGV[7])
local share = tonumber(ARGV[8])
local counters = #KEYS - 1
local granted = credits
for i = 1, counters do
  local limit = tonumber(ARGV[6 + i * 3])
  redis.call('SET', KEYS[1 + i], ARGV[7 + i * 3], 'PXAT', ARGV[8 + i * 3], 'NX')
  local used = tonumber(redis.call('GET', KEYS[1 + i]))
  if used + credits > limit then return {2, used, i} end
  if credits > 0 then
    local room = math.min(spareCredits, math.floor((limit - used - credits) / share))
    spareCredits = math.max(0, math.floor(room / credits) * credits)
  else
    spareCredits = 0
  end
end
if counters > 0 then granted = credits + spareCredits end
local taken = 0
local remaining = -1
if rate >= 0 then
  local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'last')
  local tokens = tonumber(bucket[1])
  local last = tonumber(bucket[2])
  if tokens == nil or last == nil then
    tokens = rate
    last = now
  elseif now > last then
    tokens = math.min(rate, tokens + (now - last) * rate / 1000)
    last = now
  elseif tokens > rate then
    tokens = rate
  end
  if tokens < 1 then
    redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'last', last)
    redis.call('PEXPIRE', KEYS[1], math.ceil((rate - tokens) * 1000 / rate) + 1000)
    return {3, math.ceil((1 - tokens) * 1000 / rate)}
  end
  tokens = tokens - calls
  local more = math.max(0, math.min(spareTokens, math.floor(tokens)))
  tokens = tokens - more
  taken = calls + more
  remaining = math.max(0, math.floor(tokens))
  redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'last', last)
  redis.call('PEXPIRE', KEYS[1], math.ceil((rate - tokens) * 1000 / rate) + 1000)
end
if granted > 0 then
  for i = 1, counters do redis.call('INCRBY', KEYS[1 + i], granted) end
end
return {1, taken, granted, remaining}
`;

/** Tokens a lease did not use back into the bucket, refilled first, never above the rate. ARGV: the deadline, now, rate, tokens. */
export const giveBackScript = `
${deadlineGuard}
local now = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'last')
local tokens = tonumber(bucket[1])
local last = tonumber(bucket[2])
if tokens == nil or last == nil then return {1} end
if now > last then
  tokens = tokens + (now - last) * rate / 1000
  last = now
end
tokens = math.min(rate, tokens + tonumber(ARGV[4]))
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'last', last)
return {1}
`;

/** A credit change to a counter that exists (one that is gone starts again from a replica's view). ARGV: the deadline, credits. */
export const adjustScript = `
${deadlineGuard}
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('INCRBY', KEYS[1], ARGV[2]) end
return {1}
`;

/**
 * This replica's heartbeat, on Redis's clock; answers how many replicas beat in the last window and
 * that clock (ms). ARGV: id, window.
 */
export const heartbeatScript = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {redis.call('ZCARD', KEYS[1]), now}
`;

const shas = new Map<string, string>();

/** A script's SHA-1, the name EVALSHA runs it by (computed once per script). */
export function shaOf(script: string): string {
  let sha = shas.get(script);
  if (sha === undefined) {
    sha = createHash('sha1').update(script).digest('hex');
    shas.set(script, sha);
  }
  return sha;
}
