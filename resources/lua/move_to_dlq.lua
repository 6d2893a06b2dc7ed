-- Move pending entries to a dead-letter stream and acknowledge them, atomically.
-- KEYS[1] source stream, KEYS[2] dead-letter stream, KEYS[3] audit stream ('' = none)
-- ARGV[1] group, ARGV[2] category, ARGV[3] reason, ARGV[4] audit MAXLEN, ARGV[5] actor, ARGV[6..] IDs.
-- Each ID must still be pending in the group (XPENDING id id): an entry a
-- worker acknowledged meanwhile is reported 'not_pending' and left alone.
-- XADD comes before XACK so an -OOM leaves the entry pending. Every permission
-- is checked before the first write (nothing moved on a refusal).
local source, dlq, audit = KEYS[1], KEYS[2], KEYS[3]
local group, category, reason, maxlen, actor = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local checks = {{'XPENDING', source, group, '-', '+', '1'}, {'XRANGE', source, '-', '+'},
                {'XADD', dlq, '*', 'f', 'v'}, {'XACK', source, group, '0-1'}}
if audit ~= '' then
  checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', maxlen, '*', 'f', 'v'}
end
local refused = pelscope_refused(checks)
if refused then return refused end
local wrong = pelscope_wrong_type({{source, 'stream'}, {dlq, 'stream'}, {audit, 'stream'}})
if wrong then return wrong end

local results = {}
for i = 6, #ARGV do
  local id = ARGV[i]
  local pel = redis.call('XPENDING', source, group, id, id, 1)
  if #pel == 0 then
    results[#results + 1] = {id, 'not_pending'}
  else
    local consumer, deliveries = pel[1][2], pel[1][4]
    local found = redis.call('XRANGE', source, id, id)
    local args = {dlq, '*'}
    if #found > 0 then
      local fields = found[1][2]
      for j = 1, #fields do args[#args + 1] = fields[j] end
    end
    -- Pelscope's own fields, under its prefix: the payload's fields of the
    -- same names stay its own, and a requeue removes exactly these.
    for _, v in ipairs({'pelscope:category', category, 'pelscope:reason', reason, 'pelscope:delivery_count', tostring(deliveries),
                        'pelscope:source_stream', source, 'pelscope:source_id', id, 'pelscope:group', group,
                        'pelscope:consumer', consumer}) do
      args[#args + 1] = v
    end
    local new_id = pelscope_try('XADD', unpack(args))
    if not new_id then break end
    redis.call('XACK', source, group, id)
    if audit ~= '' then
      pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'move_to_dlq', 'source', source, 'group', group,
                     'source_id', id, 'dlq', dlq, 'new_id', new_id, 'actor', actor)
    end
    results[#results + 1] = {id, #found > 0 and 'moved' or 'moved_trimmed', new_id}
  end
end
return pelscope_result(results)
