#include "cluster_node_tick.h"

#include "../probe/replica_link_probe.h"
#include "cluster_node_link.h"
#include "cluster_redirect.h"

#include <QElapsedTimer>
#include <QMap>
#include <QPointer>

#include <memory>

namespace pelscope {

namespace {

// Lives as long as a callback of its tick is pending.
struct NodeTick : std::enable_shared_from_this<NodeTick>
{
    QPointer<ClusterNodeLink> link;
    LinkResolver resolve;
    std::function<void(NodeTickResult)> done;
    int timeoutMs = -1; // per round trip; -1: the connection's command timeout
    NodeTickResult result;
    QElapsedTimer clock;
    bool reasked = false;

    void send(bool scanPage);
    void onReplies(const RedisBatch &batch, qsizetype probeCount, bool scanPage, bool replication, const RedisReplies &replies,
                   const RedisError &error);
    void followRedirects(const RedisBatch &batch, const RedisReplies &replies);
    void parse(const RedisReplies &replies);
    void finish();
};

void NodeTick::send(bool scanPage)
{
    result.unresolved.clear();
    const bool probing = !link->assigned().isEmpty();
    // A node without streams still answers TIME: it says the node is alive.
    RedisBatch batch = probing ? link->probe().planTick() : RedisBatch{{"TIME"}};
    const qsizetype probeCount = batch.size();
    if (scanPage)
        batch.append(link->scanCommand());
    // The replica's side of the offset lag, read in the same batch as its data.
    const bool replication = link->reads() == ClusterNodeLink::Reads::Replica;
    if (replication)
        batch.append(ReplicaLinkProbe::replicaCommand());
    result.commands += batch.size();
    ++result.roundTrips;
    auto self = shared_from_this();
    link->connection()->execute(
        batch, link,
        [self, batch, probeCount, scanPage, replication](const RedisReplies &replies, const RedisError &error) {
            self->onReplies(batch, probeCount, scanPage, replication, replies, error);
        },
        timeoutMs);
}

void NodeTick::onReplies(const RedisBatch &batch, qsizetype probeCount, bool scanPage, bool replication, const RedisReplies &replies,
                         const RedisError &error)
{
    if (error.isError()) {
        result.error = error.message;
        finish();
        return;
    }
    if (scanPage && replies.size() > probeCount) {
        bool finished = false;
        result.scanError = link->onScanReply(replies.at(probeCount), &finished);
        result.sweepFinished = result.sweepFinished || finished;
    }
    if (replication && replies.size() == batch.size())
        result.replication = replies.last();
    followRedirects(batch.mid(0, probeCount), replies.mid(0, probeCount));
}

// A key whose slot is moving answers -ASK (ask the importing node, once, after
// ASKING) or -MOVED (the slot has a new owner). Each is retried once on the
// node named; what still fails is reported, not chased.
void NodeTick::followRedirects(const RedisBatch &batch, const RedisReplies &replies)
{
    struct Retry
    {
        ClusterNodeLink *target = nullptr;
        QList<qsizetype> indexes;
        RedisBatch commands;
    };
    QMap<QString, Retry> retries;
    for (qsizetype i = 0; i < replies.size() && i < batch.size(); ++i) {
        const auto redirect = parseRedirect(replies.at(i));
        if (!redirect)
            continue;
        const bool ask = redirect->kind == ClusterRedirect::Kind::Ask;
        result.moved = result.moved || !ask;
        ClusterRedirect r = *redirect;
        if (r.host.isEmpty())
            r.host = link->master().node.host;
        ClusterNodeLink *target = resolve(r.address());
        if (!target || !target->isReady()) {
            result.unresolved.insert(commandKey(batch.at(i)));
            continue;
        }
        Retry &retry = retries[r.address()];
        retry.target = target;
        retry.indexes.append(i);
        if (ask)
            retry.commands.append({"ASKING"});
        retry.commands.append(batch.at(i));
    }
    if (retries.isEmpty()) {
        parse(replies);
        return;
    }

    auto patched = std::make_shared<RedisReplies>(replies);
    auto outstanding = std::make_shared<int>(int(retries.size()));
    auto self = shared_from_this();
    for (const Retry &retry : std::as_const(retries)) {
        result.commands += retry.commands.size();
        ++result.roundTrips;
        retry.target->connection()->execute(
            retry.commands, link,
            [self, batch, retry, patched, outstanding](const RedisReplies &answers, const RedisError &error) {
                qsizetype at = 0;
                for (qsizetype index : retry.indexes) {
                    if (error.isError() || at >= answers.size()) {
                        self->result.unresolved.insert(commandKey(batch.at(index)));
                        continue;
                    }
                    if (retry.commands.at(at).first() == "ASKING")
                        ++at;
                    const RedisReply &answer = answers.value(at++);
                    (*patched)[index] = answer;
                    if (parseRedirect(answer))
                        self->result.unresolved.insert(commandKey(batch.at(index)));
                }
                if (--*outstanding == 0)
                    self->parse(*patched);
            },
            timeoutMs);
    }
}

void NodeTick::parse(const RedisReplies &replies)
{
    if (!link->assigned().isEmpty()) {
        result.data = link->probe().parseTick(replies);
        // Groups met for the first time were not probed: ask this node again
        // at once rather than publish them half read (once per tick).
        if (link->probe().hadUnprobedGroups() && !reasked) {
            reasked = true;
            send(false);
            return;
        }
    } else {
        const RedisReply &t = replies.value(0);
        if (t.isArray() && t.size() == 2)
            result.data.takenAtMs = t.at(0).toInt().value_or(0) * 1000 + t.at(1).toInt().value_or(0) / 1000;
    }
    result.answered = true;
    finish();
}

void NodeTick::finish()
{
    result.durationMs = clock.elapsed();
    auto callback = std::move(done);
    done = nullptr;
    if (callback)
        callback(std::move(result));
}

} // namespace

void runNodeTick(ClusterNodeLink *link, LinkResolver resolve, bool scanPage, int timeoutMs, std::function<void(NodeTickResult)> done)
{
    auto tick = std::make_shared<NodeTick>();
    tick->timeoutMs = timeoutMs;
    tick->link = link;
    tick->resolve = std::move(resolve);
    tick->done = std::move(done);
    tick->result.address = link->address();
    tick->clock.start();
    tick->send(scanPage);
}

} // namespace pelscope
