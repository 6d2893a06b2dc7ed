-- Retry Sidekiq jobs from its retry or dead set the way Sidekiq 6's own
-- SortedEntry#retry does: the entry leaves the set, its retry_count is one
-- less, and Sidekiq::Client.push puts it on its queue (SADD queues, LPUSH
-- queue:<name>) with enqueued_at now. Sidekiq removes every member with the
-- entry's score and adds the others back in a second transaction; here the
-- entry itself is removed and pushed in the same script, so it is never in
-- both places nor in neither. (Client middleware, which Sidekiq runs on a
-- push, does not run here.)
-- KEYS[1] the retry or dead set, KEYS[2] audit stream ('' = none),
-- KEYS[3] queues, KEYS[4 ..] per job: its queue list (queue:<name>)
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3] the batch's token,
-- ARGV[4 ..] per job: the member as the set holds it, byte for byte; the
-- payload to push (the same bytes with retry_count and enqueued_at changed);
-- the queue's name
-- -> one number per job: 1 pushed to its queue, 0 gone from the set (a
-- worker's retry took it, an operator retried or deleted it)
local set, audit, queues = KEYS[1], KEYS[2], KEYS[3]
local maxlen, actor, token = ARGV[1], ARGV[2], ARGV[3]

local checks = {{'ZREM', set, 'x'}, {'SADD', queues, 'x'}}
for i = 4, #KEYS do checks[#checks + 1] = {'LPUSH', KEYS[i], 'x'} end
if audit ~= '' then checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'} end
local refused = pelscope_refused(checks)
if refused then return refused end
local types = {{set, 'zset'}, {queues, 'set'}, {audit, 'stream'}}
for i = 4, #KEYS do types[#types + 1] = {KEYS[i], 'list'} end
local wrong = pelscope_wrong_type(types)
if wrong then return wrong end

local results = {}
local changed = 0
for i = 4, #KEYS do
  local at = 4 + (i - 4) * 3
  local member, payload, queue = ARGV[at], ARGV[at + 1], ARGV[at + 2]
  if pelscope_stop_error == nil and redis.call('ZREM', set, member) == 1 then
    pelscope_wrote = true
    pelscope_try('SADD', queues, queue)
    pelscope_try('LPUSH', KEYS[i], payload)
    results[#results + 1] = 1
    changed = changed + 1
  else
    results[#results + 1] = 0
  end
end
if audit ~= '' then
  pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'sidekiq_retry', 'key', set, 'items', tostring(changed),
                 'actor', actor, 'batch', token)
end
return pelscope_result(results)
