-- Requeue dead letters back to their source stream, exactly once.
-- KEYS[1] dead-letter stream, KEYS[2] target (source) stream, KEYS[3] audit stream ('' = none)
-- ARGV[1] audit MAXLEN (approximate), ARGV[2] actor, ARGV[3] target policy: 'existing' (the
-- target must be a stream with at least one consumer group, else nobody would read what is
-- put there) or 'any' (the operator named it), ARGV[4] number N of metadata field names,
-- ARGV[5 .. 4+N] metadata names (not copied back), ARGV[5+N ..] dead-letter IDs.
-- Every permission is checked before the first write (nothing written on a refusal).
-- Target refused -> {id, 'no_target', why} for every ID, nothing written.
-- For each ID: gone -> {id, 'gone'}; nothing left to copy -> {id, 'empty'};
-- else XADD to the target FIRST (an -OOM there raises before anything is
-- deleted), then XDEL, then the audit record -> {id, 'requeued', new_id}.
-- A retry after a lost reply finds the moved IDs gone: no duplicates.
local dlq, target, audit = KEYS[1], KEYS[2], KEYS[3]
local maxlen, actor, policy = ARGV[1], ARGV[2], ARGV[3]
local nmeta = tonumber(ARGV[4])
local first_id = 5 + nmeta

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

local results = {}
if policy ~= 'existing' then
  local kind = redis.call('TYPE', target)['ok']
  if kind ~= 'none' and kind ~= 'stream' then
    for i = first_id, #ARGV do results[#results + 1] = {ARGV[i], 'no_target', 'the target key is a ' .. kind .. ', not a stream'} end
    return results
  end
end
if policy == 'existing' then
  local why
  local kind = redis.call('TYPE', target)['ok']
  if kind == 'none' then
    why = 'the target stream does not exist'
  elseif kind ~= 'stream' then
    why = 'the target key is a ' .. kind .. ', not a stream'
  elseif #redis.call('XINFO', 'GROUPS', target) == 0 then
    why = 'the target stream has no consumer group, so nobody would read the entry'
  end
  if why then
    for i = first_id, #ARGV do results[#results + 1] = {ARGV[i], 'no_target', why} end
    return results
  end
end

local meta = {}
for i = 1, nmeta do meta[ARGV[4 + i]] = true end

local function is_meta(name)
  if meta[name] then return true end
  local head = string.sub(name, 1, 4)
  return head == 'dlq_' or head == '_dlq'
end

-- An entry Pelscope moved carries its own fields under 'pelscope:'; it loses
-- exactly those, and the payload's fields of any name stay (DlqLayout).
local function is_ours(name)
  return string.sub(name, 1, 9) == 'pelscope:'
end

for i = first_id, #ARGV do
  local id = ARGV[i]
  local found = redis.call('XRANGE', dlq, id, id)
  if #found == 0 then
    results[#results + 1] = {id, 'gone'}
  else
    local fields = found[1][2]
    local ours = false
    for j = 1, #fields, 2 do
      if is_ours(fields[j]) then ours = true end
    end
    local args = {target, '*'}
    for j = 1, #fields, 2 do
      local drop
      if ours then drop = is_ours(fields[j]) else drop = is_meta(fields[j]) end
      if not drop then
        args[#args + 1] = fields[j]
        args[#args + 1] = fields[j + 1]
      end
    end
    if #args == 2 then
      results[#results + 1] = {id, 'empty'}
    else
      local new_id = pelscope_try('XADD', unpack(args))
      if not new_id then break end
      redis.call('XDEL', dlq, id)
      if audit ~= '' then
        pelscope_audit('XADD', audit, 'MAXLEN', '~', maxlen, '*', 'action', 'requeue', 'dlq', dlq,
                       'dlq_id', id, 'target', target, 'new_id', new_id, 'actor', actor)
      end
      results[#results + 1] = {id, 'requeued', new_id}
    end
  end
end
return pelscope_result(results)
