-- Delete a consumer from a group only when it holds no pending entries:
-- XGROUP DELCONSUMER would drop them from the PEL, unprocessed.
-- KEYS[1] stream, KEYS[2] audit stream ('' = none)
-- ARGV[1] group, ARGV[2] consumer, ARGV[3] audit MAXLEN (approximate), ARGV[4] actor
-- -> {'holds_pending', n} (nothing changed) or {'deleted'}. Checked and
-- deleted in one step, so a worker cannot take entries in between.
local stream, audit = KEYS[1], KEYS[2]
local group, consumer, maxlen, actor = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local checks = {{'XPENDING', stream, group}, {'XGROUP', 'DELCONSUMER', stream, group, consumer}}
if audit ~= '' then
  checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'}
end
local refused = pelscope_refused(checks)
if refused then return refused end
local wrong = pelscope_wrong_type({{stream, 'stream'}, {audit, 'stream'}})
if wrong then return wrong end

local summary = redis.call('XPENDING', stream, group)
local held = 0
if summary[4] then
  for _, c in ipairs(summary[4]) do
    if c[1] == consumer then held = tonumber(c[2]) end
  end
end
if held > 0 then
  return {'holds_pending', held}
end
redis.call('XGROUP', 'DELCONSUMER', stream, group, consumer)
if audit ~= '' then
  pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'delete_consumer', 'stream', stream,
                 'group', group, 'consumer', consumer, 'actor', actor)
end
return pelscope_result({'deleted'})
