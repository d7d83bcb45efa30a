/**
 * The whole check as one Lua script, so it is atomic across every process sharing the Redis:
 * forget the timestamps older than the window, count, record this request when under the limit,
 * and answer what the throttle needs. One round trip; EVALSHA after the first call.
 *
 * KEYS[1]  the bucket (a sorted set of request timestamps, scored in milliseconds)
 * ARGV[1]  limit
 * ARGV[2]  window in milliseconds
 * ARGV[3]  now in milliseconds, or "" to use the Redis server's clock
 * ARGV[4]  a suffix that makes this request's member unique
 * Returns  { allowed (0/1), count, retryAfterMs, resetMs }
 */
export const HIT_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  count = count + 1
  allowed = 1
end
if count == 0 then
  return { 0, 0, window, 0 }
end
local newest = tonumber(redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2])
local reset = math.max(0, newest + window - now)
if allowed == 1 then
  redis.call('PEXPIRE', key, math.max(1, math.ceil(reset)))
  return { 1, count, 0, math.ceil(reset) }
end
local blocking = tonumber(redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')[2])
return { 0, count, math.max(0, math.ceil(blocking + window - now)), math.ceil(reset) }
`;
