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
