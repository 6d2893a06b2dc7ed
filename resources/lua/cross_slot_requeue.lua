-- Requeue one dead letter whose DLQ lives in another cluster slot than its
-- source, exactly once. Runs on the source's node; the DLQ entry is deleted
-- afterwards, on its own node, by a separate XDEL.
-- KEYS[1] source stream, KEYS[2] ledger hash in the source's slot (same hash tag)
-- ARGV[1] ledger field (the dead letter's DLQ ID and key), ARGV[2] ledger TTL in
-- seconds, ARGV[3] target policy ('existing': the source must be a stream with a
-- consumer group; 'any': the operator named it), ARGV[4] the run's token,
-- ARGV[5 ..] field, value pairs exactly as they are to be written.
-- The ledger holds "<new_id> <token>": which run added the entry.
-- Already recorded -> {'duplicate', new_id, token}: a run added it, this one
-- (its reply or the XDEL after it was lost) or another (an operator requeueing
-- the same DLQ at the same time, or an earlier run). Target refused ->
-- {'no_target', why}, nothing written. Else XADD, record, -> {'added', new_id}.
local source, ledger = KEYS[1], KEYS[2]
local wrong = pelscope_wrong_type({{ledger, 'hash'}})
if wrong then return wrong end
local done = redis.call('HGET', ledger, ARGV[1])
if done then
  local id, token = string.match(done, '^(%S+) (.*)$')
  if not id then id, token = done, '' end -- a ledger written before tokens
  return {'duplicate', id, token}
end
-- An XADD followed by a refused HSET would leave an entry the ledger cannot
-- recognise: every permission first.
local checks = {{'XADD', source, '*', 'f', 'v'}, {'HSET', ledger, ARGV[1], 'v'}, {'EXPIRE', ledger, ARGV[2]}, {'TYPE', source}}
if ARGV[3] == 'existing' then
  checks[#checks + 1] = {'XINFO', 'GROUPS', source}
end
local refused = pelscope_refused(checks)
if refused then return refused end
local kind = redis.call('TYPE', source)['ok']
if kind ~= 'none' and kind ~= 'stream' then
  return {'no_target', 'the target key is a ' .. kind .. ', not a stream'}
end
if ARGV[3] == 'existing' then
  if kind == 'none' then
    return {'no_target', 'the target stream does not exist'}
  elseif kind ~= 'stream' then
    return {'no_target', 'the target key is a ' .. kind .. ', not a stream'}
  elseif #redis.call('XINFO', 'GROUPS', source) == 0 then
    return {'no_target', 'the target stream has no consumer group, so nobody would read the entry'}
  end
end
local args = {source, '*'}
for i = 5, #ARGV do args[#args + 1] = ARGV[i] end
local new_id = redis.call('XADD', unpack(args))
redis.call('HSET', ledger, ARGV[1], new_id .. ' ' .. ARGV[4])
redis.call('EXPIRE', ledger, ARGV[2])
return {'added', new_id}
