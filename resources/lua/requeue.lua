-- Requeue dead letters back to their source stream, exactly once.
-- KEYS[1] dead-letter stream, KEYS[2] target (source) stream, KEYS[3] audit stream ('' = none)
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3] number N of metadata field names,
-- ARGV[4 .. 3+N] metadata names (not copied back), ARGV[4+N ..] dead-letter IDs.
-- For each ID: gone -> {id, 'gone'}; nothing left to copy -> {id, 'empty'};
-- else XADD to the target FIRST (an -OOM there raises before anything is
-- deleted), then XDEL, then the audit record -> {id, 'requeued', new_id}.
-- A retry after a lost reply finds the moved IDs gone: no duplicates.
local dlq, target, audit = KEYS[1], KEYS[2], KEYS[3]
local maxlen, actor = ARGV[1], ARGV[2]
local nmeta = tonumber(ARGV[3])
local meta = {}
for i = 1, nmeta do meta[ARGV[3 + i]] = true end

local function is_meta(name)
  if meta[name] then return true end
  local head = string.sub(name, 1, 4)
  return head == 'dlq_' or head == '_dlq'
end

local results = {}
for i = 4 + nmeta, #ARGV do
  local id = ARGV[i]
  local found = redis.call('XRANGE', dlq, id, id)
  if #found == 0 then
    results[#results + 1] = {id, 'gone'}
  else
    local fields = found[1][2]
    local args = {target, '*'}
    for j = 1, #fields, 2 do
      if not is_meta(fields[j]) then
        args[#args + 1] = fields[j]
        args[#args + 1] = fields[j + 1]
      end
    end
    if #args == 2 then
      results[#results + 1] = {id, 'empty'}
    else
      local new_id = redis.call('XADD', unpack(args))
      redis.call('XDEL', dlq, id)
      if audit ~= '' then
        redis.call('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'requeue', 'dlq', dlq,
                   'dlq_id', id, 'target', target, 'new_id', new_id, 'actor', actor)
      end
      results[#results + 1] = {id, 'requeued', new_id}
    end
  end
end
return results
