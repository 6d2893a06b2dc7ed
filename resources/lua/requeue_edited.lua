-- Requeue one dead letter with fields the operator edited, exactly once.
-- KEYS[1] dead-letter stream, KEYS[2] target (source) stream, KEYS[3] audit stream ('' = none)
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3] target policy ('existing' or
-- 'any', as in requeue.lua), ARGV[4] dead-letter ID, ARGV[5 ..] field, value, ...
-- Every permission is checked before the first write. Target refused ->
-- {{id, 'no_target', why}}; gone -> {{id, 'gone'}}; else XADD the edited
-- fields to the target FIRST (an -OOM raises before anything is deleted),
-- XDEL, audit -> {{id, 'requeued', new_id}}.
local dlq, target, audit = KEYS[1], KEYS[2], KEYS[3]
local maxlen, actor, policy, id = ARGV[1], ARGV[2], ARGV[3], ARGV[4]

local checks = {{'XRANGE', dlq, '-', '+'}, {'XADD', target, '*', 'f', 'v'}, {'XDEL', dlq, '0-1'}, {'TYPE', target}}
if policy == 'existing' then
  checks[#checks + 1] = {'XINFO', 'GROUPS', target}
end
if audit ~= '' then
  checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'}
end
local refused = pelscope_refused(checks)
if refused then return refused end
local wrong = pelscope_wrong_type({{dlq, 'stream'}, {audit, 'stream'}})
if wrong then return wrong end

if #redis.call('XRANGE', dlq, id, id) == 0 then
  return {{id, 'gone'}}
end
local kind = redis.call('TYPE', target)['ok']
if kind ~= 'none' and kind ~= 'stream' then
  return {{id, 'no_target', 'the target key is a ' .. kind .. ', not a stream'}}
end
if policy == 'existing' then
  if kind == 'none' then
    return {{id, 'no_target', 'the target stream does not exist'}}
  elseif kind ~= 'stream' then
    return {{id, 'no_target', 'the target key is a ' .. kind .. ', not a stream'}}
  elseif #redis.call('XINFO', 'GROUPS', target) == 0 then
    return {{id, 'no_target', 'the target stream has no consumer group, so nobody would read the entry'}}
  end
end
local args = {target, '*'}
for i = 5, #ARGV do args[#args + 1] = ARGV[i] end
local new_id = redis.call('XADD', unpack(args))
redis.call('XDEL', dlq, id)
if audit ~= '' then
  pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'requeue_edited', 'dlq', dlq,
                 'dlq_id', id, 'target', target, 'new_id', new_id, 'actor', actor)
end
return pelscope_result({{id, 'requeued', new_id}})
