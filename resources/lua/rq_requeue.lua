-- Requeue jobs from an RQ queue's failed registry the way RQ 1.13's own
-- FailedJobRegistry.requeue does: the job's hash must exist and the job must
-- still be in the registry (ZREM); then started_at and ended_at are emptied,
-- exc_info is RQ's compressed empty string, status is queued with
-- enqueued_at now, the queue is listed in rq:queues and the id pushed to its
-- right end (RPUSH: behind the waiting jobs). RQ does it in two steps (ZREM,
-- then a transaction); here in one script.
-- KEYS[1] the failed registry, KEYS[2] audit stream ('' = none), KEYS[3] rq:queues,
-- KEYS[4 ..] per job: its hash (rq:job:<id>), its queue list (rq:queue:<origin>)
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3] the batch's token,
-- ARGV[4] enqueued_at (RQ's format, the server's clock), ARGV[5] exc_info (zlib of ''),
-- ARGV[6 ..] per job: its id
-- -> one number per job: 1 requeued, 0 left as it is (no longer in the
-- registry, or its hash is gone: RQ refuses those too)
local registry, audit, queues = KEYS[1], KEYS[2], KEYS[3]
local maxlen, actor, token, enqueuedAt, excInfo = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]

local checks = {{'ZREM', registry, 'x'}, {'SADD', queues, 'x'}}
for i = 4, #KEYS, 2 do
  checks[#checks + 1] = {'HSET', KEYS[i], 'f', 'v'}
  checks[#checks + 1] = {'RPUSH', KEYS[i + 1], 'x'}
end
if audit ~= '' then checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'} end
local refused = pelscope_refused(checks)
if refused then return refused end
local types = {{registry, 'zset'}, {queues, 'set'}, {audit, 'stream'}}
for i = 4, #KEYS, 2 do
  types[#types + 1] = {KEYS[i], 'hash'}
  types[#types + 1] = {KEYS[i + 1], 'list'}
end
local wrong = pelscope_wrong_type(types)
if wrong then return wrong end

local results = {}
local changed = 0
for i = 4, #KEYS, 2 do
  local jobKey, queueKey = KEYS[i], KEYS[i + 1]
  local id = ARGV[6 + (i - 4) / 2]
  if pelscope_stop_error == nil and redis.call('EXISTS', jobKey) == 1 and redis.call('ZREM', registry, id) == 1 then
    pelscope_wrote = true
    pelscope_try('HSET', jobKey, 'started_at', '', 'ended_at', '', 'exc_info', excInfo, 'status', 'queued', 'enqueued_at', enqueuedAt)
    pelscope_try('SADD', queues, queueKey)
    pelscope_try('RPUSH', queueKey, id)
    results[#results + 1] = 1
    changed = changed + 1
  else
    results[#results + 1] = 0
  end
end
if audit ~= '' then
  pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'rq_requeue', 'key', registry, 'items', tostring(changed),
                 'actor', actor, 'batch', token)
end
return pelscope_result(results)
