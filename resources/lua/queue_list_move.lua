-- Move items of a reliable list's processing list back to its main list, or
-- delete them: each item removed and pushed in the same script, so an item is
-- never in both lists, nor in neither.
-- KEYS[1] processing list, KEYS[2] main list, KEYS[3] audit stream ('' = none)
-- ARGV[1] 'requeue' | 'delete'
-- ARGV[2] 'one': one occurrence per listed item, the oldest (LREM -1): the
--         caller read these items and lists each occurrence it chose;
--         'all': every occurrence of each listed value (LREM 0): a retry after
--         a lost reply then finds nothing left to move.
-- ARGV[3] audit MAXLEN (approximate), ARGV[4] actor, ARGV[5] the batch's token (in the audit record: after
-- a lost reply the job looks for it to learn whether the batch ran), ARGV[6 ..] the items, byte for
-- byte, oldest first.
-- -> one number per item: how many occurrences were moved (or deleted); 0: gone.
-- Moved items go to the main list's left end (LPUSH), as the articles'
-- recovery script does: behind the waiting items, in their old order.
local processing, main, audit = KEYS[1], KEYS[2], KEYS[3]
local mode, how, maxlen, actor, token = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]

local checks = {{'LREM', processing, '1', 'x'}}
if mode == 'requeue' then checks[#checks + 1] = {'LPUSH', main, 'x'} end
if audit ~= '' then
  checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'}
end
local refused = pelscope_refused(checks)
if refused then return refused end
local wrong = pelscope_wrong_type({{processing, 'list'}, {main, 'list'}, {audit, 'stream'}})
if wrong then return wrong end

local count = (how == 'all') and 0 or -1
local results = {}
local changed = 0
for i = 6, #ARGV do
  local item = ARGV[i]
  local n = redis.call('LREM', processing, count, item)
  if n > 0 and mode == 'requeue' then
    for _ = 1, n do redis.call('LPUSH', main, item) end
  end
  results[#results + 1] = n
  changed = changed + n
end
if audit ~= '' then
  pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'queue_' .. mode, 'key', processing, 'target', main,
                 'items', tostring(changed), 'actor', actor, 'batch', token)
end
return pelscope_result(results)
