#include "redis_cluster.h"

#include "redis/key_slot.h"

#include <QDeadlineTimer>
#include <QThread>

namespace pelscope::test {

namespace {

bool clusterOk(RedisOracle &o, int masters)
{
    const RedisReply info = o.command({"CLUSTER", "INFO"});
    if (!info.isString() || !info.bytes().contains("cluster_state:ok"))
        return false;
    const RedisReply shards = o.command({"CLUSTER", "SHARDS"});
    int withSlots = 0;
    for (const RedisReply &s : shards.elements())
        if (s.field("slots").size() > 0)
            ++withSlots;
    return withSlots == masters;
}

} // namespace

RedisCluster::RedisCluster(int masters) : m_masters(masters) {}

RedisCluster::~RedisCluster() = default;

bool RedisCluster::start(QString *error)
{
    for (int i = 0; i < m_masters; ++i) {
        RedisServer::Options o;
        // Full coverage off: a stopped master must not take the others' slots
        // down with it; a long node timeout keeps a SIGSTOP from failing it over.
        o.extraArgs = {QStringLiteral("--cluster-enabled"), QStringLiteral("yes"),
                       QStringLiteral("--cluster-config-file"), QStringLiteral("nodes.conf"),
                       QStringLiteral("--cluster-node-timeout"), QStringLiteral("15000"),
                       QStringLiteral("--cluster-require-full-coverage"), QStringLiteral("no"),
                       QStringLiteral("--cluster-allow-reads-when-down"), QStringLiteral("yes")};
        auto server = std::make_unique<RedisServer>(o);
        if (!server->start(error))
            return false;
        m_nodes.push_back(std::move(server));
    }
    const int per = 16384 / m_masters;
    for (int i = 0; i < m_masters; ++i) {
        const int first = i * per;
        const int last = i == m_masters - 1 ? 16383 : first + per - 1;
        const RedisReply r = oracle(i)->command({"CLUSTER", "ADDSLOTSRANGE", QByteArray::number(first), QByteArray::number(last)});
        if (r.isError()) {
            if (error)
                *error = QStringLiteral("CLUSTER ADDSLOTSRANGE on node %1: %2").arg(i).arg(QString::fromUtf8(r.bytes()));
            return false;
        }
    }
    auto first = oracle(0);
    for (int i = 1; i < m_masters; ++i)
        first->command({"CLUSTER", "MEET", "127.0.0.1", QByteArray::number(m_nodes[i]->port())});

    QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired()) {
        bool all = true;
        for (int i = 0; i < m_masters && all; ++i)
            all = clusterOk(*oracle(i), m_masters);
        if (all)
            return true;
        QThread::msleep(50);
    }
    if (error)
        *error = QStringLiteral("the cluster did not reach cluster_state:ok within 20 s");
    return false;
}

QString RedisCluster::address(int i) const
{
    return QStringLiteral("127.0.0.1:%1").arg(m_nodes[i]->port());
}

QByteArray RedisCluster::nodeId(int i)
{
    return oracle(i)->command({"CLUSTER", "MYID"}).bytes();
}

std::unique_ptr<RedisOracle> RedisCluster::oracle(int i) const
{
    auto o = std::make_unique<RedisOracle>();
    o->connectTcp(QStringLiteral("127.0.0.1"), m_nodes[i]->port());
    return o;
}

int RedisCluster::ownerOfSlot(int slot)
{
    const RedisReply shards = oracle(0)->command({"CLUSTER", "SHARDS"});
    for (const RedisReply &s : shards.elements()) {
        const QList<RedisReply> &bounds = s.field("slots").elements();
        bool mine = false;
        for (qsizetype i = 0; i + 1 < bounds.size(); i += 2)
            mine = mine || (slot >= bounds[i].toInt().value_or(-1) && slot <= bounds[i + 1].toInt().value_or(-1));
        if (!mine)
            continue;
        for (const RedisReply &n : s.field("nodes").elements()) {
            if (n.field("role").bytes() != "master")
                continue;
            const qint64 port = n.field("port").toInt().value_or(0);
            for (int i = 0; i < size(); ++i)
                if (m_nodes[i]->port() == port)
                    return i;
        }
    }
    return -1;
}

int RedisCluster::ownerOfKey(const QByteArray &key)
{
    return ownerOfSlot(keySlot(key));
}

bool RedisCluster::waitForOwner(int slot, int owner, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        bool agreed = true;
        for (int i = 0; i < size() && agreed; ++i) {
            const RedisReply slots = oracle(i)->command({"CLUSTER", "SLOTS"});
            bool found = false;
            for (const RedisReply &r : slots.elements()) {
                const qint64 a = r.at(0).toInt().value_or(-1), b = r.at(1).toInt().value_or(-1);
                if (slot >= a && slot <= b) {
                    found = r.at(2).at(1).toInt().value_or(0) == m_nodes[owner]->port();
                    break;
                }
            }
            agreed = found;
        }
        if (agreed)
            return true;
        QThread::msleep(50);
    }
    return false;
}

} // namespace pelscope::test
