#include "group_fixtures.h"

#include <algorithm>

namespace pelscope::test {

QString addScaleGroups(RedisOracle &db, const QByteArray &prefix, int count)
{
    static const QByteArray script = R"(
local from, to = tonumber(ARGV[1]), tonumber(ARGV[2])
for i = from, to do
  local k = ARGV[3] .. i
  redis.call('XADD', k, '*', 'n', '1')
  redis.call('XADD', k, '*', 'n', '2')
  redis.call('XGROUP', 'CREATE', k, 'g', '0')
  redis.call('XREADGROUP', 'GROUP', 'g', 'worker', 'COUNT', '1', 'STREAMS', k, '>')
end
return to - from + 1)";
    for (int from = 1; from <= count; from += 1000) {
        const int to = std::min(count, from + 999);
        const RedisReply r = db.command({"EVAL", script, "0", QByteArray::number(from), QByteArray::number(to), prefix});
        if (r.isError())
            return QString::fromUtf8(r.bytes());
    }
    return {};
}

} // namespace pelscope::test
