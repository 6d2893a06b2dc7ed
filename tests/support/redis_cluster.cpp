#include "redis_cluster.h"

#include "values/key_slot.h"
#include "text/fill_text.h"

#include <QDeadlineTimer>
#include <QThread>

#include <csignal>

namespace pelscope::test {

namespace {

// cluster_state:ok, `masters` shards serving slots, and (with replicas) every
// such shard listing a replica: a master's failure can only be voted on by
// masters that know its replica.
bool clusterOk(RedisOracle &o, int masters, int replicasPerMaster)
{
    const RedisReply info = o.command({"CLUSTER", "INFO"});
    if (!info.isString() || !info.bytes().contains("cluster_state:ok"))
        return false;
    const RedisReply shards = o.command({"CLUSTER", "SHARDS"});
    int withSlots = 0;
    for (const RedisReply &s : shards.elements()) {
        if (s.field("slots").size() == 0)
            continue;
        ++withSlots;
        int replicas = 0;
        for (const RedisReply &n : s.field("nodes").elements())
            // "loading" until the master has sent it anything: still a replica.
            if (n.field("role").bytes() == "replica" && !n.field("health").bytes().startsWith("fail"))
                ++replicas;
        if (replicas < replicasPerMaster)
            return false;
    }
    return withSlots == masters;
}

qint64 infoField(const QByteArray &info, const QByteArray &name)
{
    for (const QByteArray &line : info.split('\n'))
        if (line.startsWith(name + ':'))
            return line.mid(name.size() + 1).trimmed().toLongLong();
    return -1;
}

QByteArray infoText(const QByteArray &info, const QByteArray &name)
{
    for (const QByteArray &line : info.split('\n'))
        if (line.startsWith(name + ':'))
            return line.mid(name.size() + 1).trimmed();
    return {};
}

} // namespace

RedisCluster::RedisCluster(int masters)
    : RedisCluster(Options{masters, 0, 15000})
{}

RedisCluster::RedisCluster(Options options)
    : m_options(options)
{}

RedisCluster::~RedisCluster() = default;

bool RedisCluster::start(QString *error)
{
    const int total = m_options.masters * (1 + m_options.replicasPerMaster);
    for (int i = 0; i < total; ++i) {
        RedisServer::Options o;
        // Full coverage off: a stopped master must not take the others' slots
        // down with it. No delay before a replica's first sync (7.0 waits 5 s
        // by default for more replicas to share the transfer).
        o.extraArgs = {QStringLiteral("--cluster-enabled"),
                       QStringLiteral("yes"),
                       QStringLiteral("--cluster-config-file"),
                       QStringLiteral("nodes.conf"),
                       QStringLiteral("--cluster-node-timeout"),
                       QString::number(m_options.nodeTimeoutMs),
                       QStringLiteral("--cluster-require-full-coverage"),
                       QStringLiteral("no"),
                       QStringLiteral("--cluster-allow-reads-when-down"),
                       QStringLiteral("yes"),
                       QStringLiteral("--repl-diskless-sync-delay"),
                       QStringLiteral("0")};
        auto server = std::make_unique<RedisServer>(o);
        if (!server->start(error))
            return false;
        m_nodes.push_back(std::move(server));
    }
    const int per = 16384 / m_options.masters;
    for (int i = 0; i < m_options.masters; ++i) {
        const int first = i * per;
        const int last = i == m_options.masters - 1 ? 16383 : first + per - 1;
        const RedisReply r = oracle(i)->command({"CLUSTER", "ADDSLOTSRANGE", QByteArray::number(first), QByteArray::number(last)});
        if (r.isError()) {
            if (error)
                *error = fillText(QStringLiteral("CLUSTER ADDSLOTSRANGE on node %1: %2"), i, QString::fromUtf8(r.bytes()));
            return false;
        }
    }
    auto first = oracle(0);
    for (int i = 1; i < total; ++i)
        first->command({"CLUSTER", "MEET", "127.0.0.1", QByteArray::number(m_nodes[i]->port())});

    QDeadlineTimer deadline(20000);
    if (m_options.replicasPerMaster > 0) {
        // A replica can only follow a master it has heard of.
        QList<QByteArray> ids;
        for (int m = 0; m < m_options.masters; ++m)
            ids << nodeId(m);
        for (int m = 0; m < m_options.masters; ++m) {
            auto replica = oracle(replicaOf(m));
            for (;;) {
                const RedisReply r = replica->command({"CLUSTER", "REPLICATE", ids[m]});
                if (!r.isError())
                    break;
                if (deadline.hasExpired()) {
                    if (error)
                        *error = fillText(QStringLiteral("CLUSTER REPLICATE on node %1: %2"), replicaOf(m), QString::fromUtf8(r.bytes()));
                    return false;
                }
                QThread::msleep(50);
            }
        }
    }
    while (!deadline.hasExpired()) {
        bool all = true;
        for (int i = 0; i < total && all; ++i)
            all = clusterOk(*oracle(i), m_options.masters, m_options.replicasPerMaster);
        if (all)
            return m_options.replicasPerMaster == 0 || waitForReplicasInSync(int(std::max<qint64>(deadline.remainingTime(), 1)), error);
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

void RedisCluster::kill(int i)
{
    const qint64 pid = m_nodes[i]->pid();
    if (pid > 0)
        ::kill(pid_t(pid), SIGKILL);
    m_nodes[i]->stop(); // reaps it; SIGTERM to a dead process does nothing
    m_dead.append(i);
}

int RedisCluster::indexOfPort(qint64 port) const
{
    for (int i = 0; i < size(); ++i)
        if (m_nodes[i]->port() == port)
            return i;
    return -1;
}

int RedisCluster::ownerOfSlot(int slot)
{
    int asked = 0;
    while (asked < size() && !alive(asked))
        ++asked;
    if (asked == size())
        return -1;
    const RedisReply shards = oracle(asked)->command({"CLUSTER", "SHARDS"});
    for (const RedisReply &s : shards.elements()) {
        const QList<RedisReply> &bounds = s.field("slots").elements();
        bool mine = false;
        for (qsizetype i = 0; i + 1 < bounds.size(); i += 2)
            mine = mine || (slot >= bounds[i].toInt().value_or(-1) && slot <= bounds[i + 1].toInt().value_or(-1));
        if (!mine)
            continue;
        for (const RedisReply &n : s.field("nodes").elements())
            if (n.field("role").bytes() == "master")
                return indexOfPort(n.field("port").toInt().value_or(0));
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
            if (!alive(i))
                continue;
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

bool RedisCluster::waitForReplicasInSync(int timeoutMs, QString *error)
{
    QDeadlineTimer deadline(timeoutMs);
    QString why;
    while (!deadline.hasExpired()) {
        bool all = true;
        for (int i = 0; i < size() && all; ++i) {
            if (!alive(i))
                continue;
            const QByteArray info = oracle(i)->command({"INFO", "replication"}).bytes();
            if (infoText(info, "role") != "slave")
                continue;
            const qint64 masterPort = infoField(info, "master_port");
            const int master = indexOfPort(masterPort);
            if (infoText(info, "master_link_status") != "up" || infoField(info, "master_sync_in_progress") != 0 || master < 0) {
                why = QStringLiteral("node %1: link to its master not up").arg(i);
                all = false;
                break;
            }
            const qint64 theirs = infoField(oracle(master)->command({"INFO", "replication"}).bytes(), "master_repl_offset");
            const qint64 mine = infoField(info, "slave_repl_offset");
            if (mine != theirs) {
                why = fillText(QStringLiteral("node %1 at offset %2, its master at %3"), i, mine, theirs);
                all = false;
            }
        }
        if (all)
            return true;
        QThread::msleep(20);
    }
    if (error)
        *error = QStringLiteral("replicas not in sync: %1").arg(why);
    return false;
}

QByteArray RedisCluster::role(int i) const
{
    if (!alive(i))
        return {};
    const RedisReply r = oracle(i)->command({"ROLE"});
    return r.isArray() && r.size() > 0 ? r.at(0).bytes() : QByteArray();
}

} // namespace pelscope::test
