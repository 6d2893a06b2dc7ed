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

void addShipIncident(RedisOracle &db, int deadLetters)
{
    for (int i = 0; i < 30; ++i)
        db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
    db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
    db.command({"XREADGROUP", "GROUP", "ship", "worker-3", "COUNT", "10", "STREAMS", "orders", ">"});
    const QList<QList<QByteArray>> letters{{"payload", "card=4111-secret", "category", "timeout", "reason", "gateway 504"},
                                           {"payload", "card=4222-secret", "category", "validation", "reason", "negative amount"},
                                           {"payload", "card=4333-secret", "category", "validation", "reason", "negative amount"}};
    for (const QList<QByteArray> &fields : letters.mid(0, deadLetters))
        db.command(QList<QByteArray>{"XADD", "orders:dlq", "*"} + fields);
}

} // namespace pelscope::test
