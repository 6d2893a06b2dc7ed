-- Prepended to every write script when it is loaded (LuaScript::fromResource).
-- A script is not rolled back: a permission found missing after its first
-- write leaves half a change behind (an entry XADDed to its source but never
-- XDELed from the DLQ is delivered twice by the next, permitted, run). So
-- each script lists every command it will send, with its real keys, and calls
-- pelscope_refused(checks) before its first write.
-- Redis 7.0+ answers with redis.acl_check_cmd. Before 7.0 the stream writes
-- are tried in a form that changes nothing (0-0 is never an entry's ID): a
-- denial shows as such, an allowed probe fails harmlessly on the ID. Other
-- commands cannot be checked there and are left to the write itself.
local function pelscope_denied_before_7(cmd)
  local name = string.upper(cmd[1])
  local probe
  if name == 'XADD' then probe = {'XADD', cmd[2], '0-0', 'f', 'v'}
  elseif name == 'XDEL' then probe = {'XDEL', cmd[2], '0-0'}
  elseif name == 'XACK' then probe = {'XACK', cmd[2], cmd[3], '0-0'}
  else return false end
  local reply = redis.pcall(unpack(probe))
  if type(reply) == 'table' and reply.err then
    local e = reply.err
    return string.find(e, 'NOPERM', 1, true) ~= nil or string.find(e, "can't run", 1, true) ~= nil
        or string.find(e, 'permission', 1, true) ~= nil
  end
  return false
end

-- nil when every command in `checks` may run; else the error reply to return.
local function pelscope_refused(checks)
  for _, c in ipairs(checks) do
    local denied
    if redis.acl_check_cmd then
      local ok, allowed = pcall(redis.acl_check_cmd, unpack(c))
      denied = not ok or not allowed
    else
      denied = pelscope_denied_before_7(c)
    end
    if denied then
      local name = string.upper(c[1])
      local key = (name == 'XGROUP') and c[3] or c[2]
      return redis.error_reply('NOPERM the ACL user may not run ' .. name .. ' on the key ' .. tostring(key) ..
                               ' (checked before writing: nothing was written)')
    end
  end
  return nil
end

-- nil when every key in `expected` ({{key, 'stream'}, ...}; '' skipped) holds
-- that type or does not exist yet; else the error reply. Called before the
-- first write with every key the script writes, the audit stream included: a
-- command that fails on a key's type after another one wrote would leave half
-- a change behind and hide it behind an error.
local function pelscope_wrong_type(expected)
  for _, e in ipairs(expected) do
    local key, want = e[1], e[2]
    if key ~= '' then
      local denied = pelscope_refused({{'TYPE', key}})
      if denied then return denied end
      local t = redis.call('TYPE', key)['ok']
      if t ~= 'none' and t ~= want then
        return redis.error_reply('WRONGTYPE the key ' .. key .. ' is a ' .. t .. ', not a ' .. want ..
                                 ' (checked before writing: nothing was written)')
      end
    end
  end
  return nil
end

-- After the first write, an error must not replace the reply: the caller
-- would not learn what was written. pelscope_try runs a data command with
-- pcall and keeps the first error (the script then stops taking new items);
-- pelscope_audit does the same for the audit record, and the script goes on
-- (the data moved; the missing record is reported). pelscope_result returns
-- the results as they are, or, after either failure,
--   {'pelscope_partial', results, audit error or '', stop error or ''}
-- which LuaScript::partial() reads on the C++ side.
-- Before the first write an error is raised as redis.call raises it: the
-- call changed nothing, and the caller retries it whole (-READONLY after a
-- failover goes to the new primary).
local pelscope_stop_error = nil
local pelscope_audit_error = nil
local pelscope_wrote = false
local function pelscope_try(...)
  local r = redis.pcall(...)
  if type(r) == 'table' and r.err then
    if not pelscope_wrote then error(r) end
    pelscope_stop_error = pelscope_stop_error or r.err
    return nil
  end
  pelscope_wrote = true
  return r
end
local function pelscope_audit(...)
  local r = redis.pcall(...)
  if type(r) == 'table' and r.err then
    pelscope_audit_error = pelscope_audit_error or r.err
  end
end
local function pelscope_result(results)
  if pelscope_stop_error or pelscope_audit_error then
    return {'pelscope_partial', results, pelscope_audit_error or '', pelscope_stop_error or ''}
  end
  return results
end
