-- Delete dead letters for good, each one audited.
-- KEYS[1] dead-letter stream, KEYS[2] unused (the DLQ again), KEYS[3] audit stream ('' = none)
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3 ..] dead-letter IDs.
-- For each ID: gone -> {id, 'gone'}; else XDEL and the audit record -> {id, 'deleted'}.
-- A retry after a lost reply finds the deleted IDs gone. Every permission is
-- checked before the first write (nothing deleted on a refusal).
local dlq, audit = KEYS[1], KEYS[3]
local maxlen, actor = ARGV[1], ARGV[2]
local checks = {{'XDEL', dlq, '0-1'}}
if audit ~= '' then
  checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'}
end
local refused = pelscope_refused(checks)
if refused then return refused end
local wrong = pelscope_wrong_type({{dlq, 'stream'}, {audit, 'stream'}})
if wrong then return wrong end

local results = {}
for i = 3, #ARGV do
  local id = ARGV[i]
  if redis.call('XDEL', dlq, id) == 0 then
    results[#results + 1] = {id, 'gone'}
  else
    if audit ~= '' then
      pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'delete', 'dlq', dlq, 'dlq_id', id, 'actor', actor)
    end
    results[#results + 1] = {id, 'deleted'}
  end
end
return pelscope_result(results)
