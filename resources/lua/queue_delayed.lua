-- Re-score members of a delayed queue (run now, reschedule) or delete them.
-- KEYS[1] the sorted set, KEYS[2] audit stream ('' = none)
-- ARGV[1] 'rescore' | 'delete', ARGV[2] the new score (rescore; one value for
-- the whole job, so a retry writes the same), ARGV[3] audit MAXLEN
-- (approximate), ARGV[4] actor, ARGV[5] the batch's token (in the audit record),
-- ARGV[6 ..] the members, byte for byte.
-- -> one number per member: 1 changed, 0 gone (a worker took it, or an
-- earlier attempt deleted it). A member is never added: ZADD XX.
local key, audit = KEYS[1], KEYS[2]
local mode, score, maxlen, actor, token = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]

local checks = {}
if mode == 'rescore' then checks[1] = {'ZADD', key, 'XX', '0', 'x'} else checks[1] = {'ZREM', key, 'x'} end
if audit ~= '' then
  checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'}
end
local refused = pelscope_refused(checks)
if refused then return refused end
local wrong = pelscope_wrong_type({{key, 'zset'}, {audit, 'stream'}})
if wrong then return wrong end

local results = {}
local changed = 0
for i = 6, #ARGV do
  local member = ARGV[i]
  if redis.call('ZSCORE', key, member) then
    if mode == 'rescore' then
      redis.call('ZADD', key, 'XX', score, member)
    else
      redis.call('ZREM', key, member)
    end
    results[#results + 1] = 1
    changed = changed + 1
  else
    results[#results + 1] = 0
  end
end
if audit ~= '' then
  local a = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'queue_' .. mode, 'key', key, 'items', tostring(changed), 'actor', actor,
             'batch', token}
  if mode == 'rescore' then a[#a + 1] = 'score'; a[#a + 1] = score end
  pelscope_audit(unpack(a))
end
return pelscope_result(results)
