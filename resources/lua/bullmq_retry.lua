-- Retry failed BullMQ jobs the way BullMQ 5's own Job.retry('failed') does
-- (its reprocessJob-8.lua with the default options), job after job in one
-- script: the job's hash must exist and the job must still be in the failed
-- set; then finishedOn, processedOn and failedReason are dropped (the attempts
-- made are kept, as BullMQ keeps them), the id is pushed to wait (paused when
-- the queue is paused; RPUSH for a lifo job), the marker wakes the workers,
-- a flow parent counts the child as pending again, and a 'waiting' event is
-- added for QueueEvents listeners.
-- KEYS[1] failed, KEYS[2] audit stream ('' = none), KEYS[3] wait, KEYS[4] paused,
-- KEYS[5] meta, KEYS[6] active, KEYS[7] marker, KEYS[8] events, KEYS[9 ..] the jobs' hashes
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3] the batch's token,
-- ARGV[4 ..] per job: its id, 'LPUSH' or 'RPUSH' (job.opts.lifo)
-- -> one number per job: 1 retried, 0 left as it is (no longer failed: a
-- worker or an operator retried it, or it was removed; or its hash is gone)
local failed, audit, wait, paused, meta, active, marker, events = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local maxlen, actor, token = ARGV[1], ARGV[2], ARGV[3]

local checks = {{'ZREM', failed, 'x'}, {'LPUSH', wait, 'x'}, {'LPUSH', paused, 'x'}, {'ZADD', marker, '0', 'x'},
                {'HSET', meta, 'f', 'v'}, {'XADD', events, 'MAXLEN', '~', '1', '*', 'f', 'v'}}
for i = 9, #KEYS do checks[#checks + 1] = {'HDEL', KEYS[i], 'f'} end
if audit ~= '' then checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'} end
local refused = pelscope_refused(checks)
if refused then return refused end
local wrong = pelscope_wrong_type({{failed, 'zset'}, {wait, 'list'}, {paused, 'list'}, {meta, 'hash'}, {active, 'list'},
                                   {marker, 'zset'}, {events, 'stream'}, {audit, 'stream'}})
if wrong then return wrong end

-- getTargetQueueList: the paused list when meta says paused; at the
-- concurrency limit, wait without waking anyone.
local attrs = redis.call('HMGET', meta, 'paused', 'concurrency')
local target, pausedOrMaxed = wait, false
if attrs[1] then
  target, pausedOrMaxed = paused, true
elseif attrs[2] and redis.call('LLEN', active) >= tonumber(attrs[2]) then
  pausedOrMaxed = true
end

local results = {}
local changed = 0
local maxEvents = nil
for i = 9, #KEYS do
  local jobKey = KEYS[i]
  local at = 4 + (i - 9) * 2
  local id, push = ARGV[at], ARGV[at + 1]
  if pelscope_stop_error == nil and redis.call('EXISTS', jobKey) == 1 and redis.call('ZREM', failed, id) == 1 then
    pelscope_wrote = true
    pelscope_try('HDEL', jobKey, 'finishedOn', 'processedOn', 'failedReason')
    pelscope_try(push == 'RPUSH' and 'RPUSH' or 'LPUSH', target, id)
    if not pausedOrMaxed then pelscope_try('ZADD', marker, 0, '0') end
    local parentKey = redis.call('HGET', jobKey, 'parentKey')
    if parentKey and redis.call('EXISTS', parentKey) == 1 then
      if pelscope_try('ZREM', parentKey .. ':unsuccessful', jobKey) == 1 or pelscope_try('HDEL', parentKey .. ':failed', jobKey) == 1 then
        pelscope_try('SADD', parentKey .. ':dependencies', jobKey)
      end
    end
    if not maxEvents then
      maxEvents = redis.call('HGET', meta, 'opts.maxLenEvents')
      if not maxEvents then
        maxEvents = 10000
        pelscope_try('HSET', meta, 'opts.maxLenEvents', maxEvents)
      end
    end
    pelscope_try('XADD', events, 'MAXLEN', '~', maxEvents, '*', 'event', 'waiting', 'jobId', id, 'prev', 'failed')
    results[#results + 1] = 1
    changed = changed + 1
  else
    results[#results + 1] = 0
  end
end
if audit ~= '' then
  pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'bullmq_retry', 'key', failed, 'target', target,
                 'items', tostring(changed), 'actor', actor, 'batch', token)
end
return pelscope_result(results)
