-- Share an operator's mark with the team: add it to the annotations stream
-- a deploy pipeline writes too (--annotations-stream), once. The mark's own
-- ID (a UUID made when the operator confirmed) is looked for among the
-- stream's newest entries first, so a retry after a lost reply adds nothing.
-- KEYS[1] annotations stream, KEYS[2] audit stream ('' = none)
-- ARGV[1] text, ARGV[2] stream ('' = the whole connection), ARGV[3] group,
-- ARGV[4] at (ms), ARGV[5] author, ARGV[6] mark id, ARGV[7] the stream's
-- MAXLEN (approximate), ARGV[8] audit MAXLEN (approximate), ARGV[9] actor
-- -> {'added', id} or {'already', id}
local key, audit = KEYS[1], KEYS[2]
local text, stream, group, at, author, mark, maxlen, auditmax, actor =
  ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9]
local checks = {{'XREVRANGE', key, '+', '-', 'COUNT', '200'}, {'XADD', key, 'MAXLEN', '~', maxlen, '*', 'f', 'v'}}
if audit ~= '' then
  checks[#checks + 1] = {'XADD', audit, 'MAXLEN', '~', auditmax, '*', 'f', 'v'}
end
local refused = pelscope_refused(checks)
if refused then return refused end
local wrong = pelscope_wrong_type({{key, 'stream'}, {audit, 'stream'}})
if wrong then return wrong end

for _, entry in ipairs(redis.call('XREVRANGE', key, '+', '-', 'COUNT', '200')) do
  local fields = entry[2]
  for i = 1, #fields, 2 do
    if fields[i] == 'pelscope:mark_id' and fields[i + 1] == mark then
      return {'already', entry[1]}
    end
  end
end
local add = {'XADD', key, 'MAXLEN', '~', maxlen, '*', 'text', text}
if stream ~= '' and group ~= '' then
  add[#add + 1] = 'stream'; add[#add + 1] = stream
  add[#add + 1] = 'group'; add[#add + 1] = group
end
for _, v in ipairs({'at', at, 'author', author, 'pelscope:mark_id', mark}) do add[#add + 1] = v end
local id = pelscope_try(unpack(add))
if audit ~= '' then
  pelscope_audit('XADD', audit, 'MAXLEN', '~', auditmax, '*', 'action', 'share_annotation', 'stream', key,
                 'entry', id, 'text', text, 'actor', actor)
end
return pelscope_result({'added', id})
