-- Requeue one dead letter whose DLQ lives in another cluster slot than its
-- source, exactly once. Runs on the source's node; the DLQ entry is deleted
-- afterwards, on its own node, by a separate XDEL.
-- KEYS[1] source stream, KEYS[2] ledger hash in the source's slot (same hash tag)
-- ARGV[1] ledger field (the dead letter's DLQ ID and key), ARGV[2] ledger TTL in
-- seconds, ARGV[3 ..] field, value pairs exactly as they are to be written.
-- Already recorded -> {'duplicate', new_id}: an earlier attempt added it and
-- its reply (or the XDEL after it) was lost. Else XADD, record, -> {'added', new_id}.
local source, ledger = KEYS[1], KEYS[2]
local done = redis.call('HGET', ledger, ARGV[1])
if done then
  return {'duplicate', done}
end
-- A script is not rolled back: an XADD followed by a refused HSET would leave
-- an entry the ledger cannot recognise. So every permission first (7.0+).
if redis.acl_check_cmd then
  local checks = {{'XADD', source, '*', 'f', 'v'}, {'HSET', ledger, ARGV[1], 'v'}, {'EXPIRE', ledger, ARGV[2]}}
  for _, c in ipairs(checks) do
    if not redis.acl_check_cmd(unpack(c)) then
      return redis.error_reply('NOPERM the ACL user may not run ' .. c[1] .. ' on ' .. c[2] ..
                               ', which the cross-slot requeue needs (checked before writing: nothing was written)')
    end
  end
end
local args = {source, '*'}
for i = 3, #ARGV do args[#args + 1] = ARGV[i] end
local new_id = redis.call('XADD', unpack(args))
redis.call('HSET', ledger, ARGV[1], new_id)
redis.call('EXPIRE', ledger, ARGV[2])
return {'added', new_id}
