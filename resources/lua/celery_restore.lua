-- Restore Celery tasks whose reservation outlived the visibility timeout the
-- way kombu 5's own QoS.restore_visible does (restore_by_tag): the
-- reservation leaves unacked and unacked_index, and the message, marked
-- redelivered, is pushed to the right end of each queue its exchange binds
-- to its routing key (RPUSH: a worker's BRPOP takes it next; as kombu, to the
-- queue's own list whatever its priority). kombu watches unacked and runs the
-- rest in a transaction; here one script, and only while the reservation
-- still holds the bytes the plan read (a worker that acked it, or restored
-- it, since: left alone).
-- KEYS[1] unacked_index, KEYS[2] audit stream ('' = none), KEYS[3] unacked,
-- KEYS[4 ..] the queues, each task's in turn
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3] the batch's token,
-- ARGV[4 ..] per task: its delivery tag, the reservation as read, the message
-- to push, how many of KEYS (from where the last task's ended) are its queues
-- -> one number per task: 1 restored, 0 left as it is
local index, audit, unacked = KEYS[1], KEYS[2], KEYS[3]
local maxlen, actor, token = ARGV[1], ARGV[2], ARGV[3]

local checks = {{'ZREM', index, 'x'}, {'HDEL', unacked, 'x'}}
for i = 4, #KEYS do checks[#checks + 1] = {'RPUSH', KEYS[i], 'x'} end
if audit ~= '' then checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'} end
local refused = pelscope_refused(checks)
if refused then return refused end
local types = {{index, 'zset'}, {unacked, 'hash'}, {audit, 'stream'}}
for i = 4, #KEYS do types[#types + 1] = {KEYS[i], 'list'} end
local wrong = pelscope_wrong_type(types)
if wrong then return wrong end

local results = {}
local changed = 0
local nextKey = 4
local at = 4
while at + 3 <= #ARGV do
  local tag, held, message, queues = ARGV[at], ARGV[at + 1], ARGV[at + 2], tonumber(ARGV[at + 3])
  at = at + 4
  if pelscope_stop_error == nil and redis.call('HGET', unacked, tag) == held then
    pelscope_wrote = true
    pelscope_try('ZREM', index, tag)
    pelscope_try('HDEL', unacked, tag)
    for q = nextKey, nextKey + queues - 1 do pelscope_try('RPUSH', KEYS[q], message) end
    results[#results + 1] = 1
    changed = changed + 1
  else
    results[#results + 1] = 0
  end
  nextKey = nextKey + queues
end
if audit ~= '' then
  pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'celery_restore', 'key', index, 'items', tostring(changed),
                 'actor', actor, 'batch', token)
end
return pelscope_result(results)
