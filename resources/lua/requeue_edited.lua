-- Requeue one dead letter with fields the operator edited, exactly once.
-- KEYS[1] dead-letter stream, KEYS[2] target (source) stream, KEYS[3] audit stream ('' = none)
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3] dead-letter ID, ARGV[4 ..] field, value, ...
-- Gone -> {{id, 'gone'}}; else XADD the edited fields to the target FIRST (an
-- -OOM raises before anything is deleted), XDEL, audit -> {{id, 'requeued', new_id}}.
local dlq, target, audit = KEYS[1], KEYS[2], KEYS[3]
local maxlen, actor, id = ARGV[1], ARGV[2], ARGV[3]
if #redis.call('XRANGE', dlq, id, id) == 0 then
  return {{id, 'gone'}}
end
local args = {target, '*'}
for i = 4, #ARGV do args[#args + 1] = ARGV[i] end
local new_id = redis.call('XADD', unpack(args))
redis.call('XDEL', dlq, id)
if audit ~= '' then
  redis.call('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'requeue_edited', 'dlq', dlq,
             'dlq_id', id, 'target', target, 'new_id', new_id, 'actor', actor)
end
return {{id, 'requeued', new_id}}
