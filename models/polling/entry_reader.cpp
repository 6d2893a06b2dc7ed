#include "entry_reader.h"

#include "../cluster/cluster_redirect.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "../redis/stream_entry.h"

#include <algorithm>

namespace pelscope {

EntryReader::EntryReader(ConnectionOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    qRegisterMetaType<pelscope::EntryReadResult>();
    qRegisterMetaType<pelscope::EntryPage>();
    qRegisterMetaType<pelscope::QueueItemPage>();
    qRegisterMetaType<pelscope::JobHashPage>();
    m_options.clientName = "pelscope-reader";
}

RedisConnection *EntryReader::connectionTo(const QString &address)
{
    RedisConnection *&c = m_connections[address];
    if (!c) {
        c = new RedisConnection(m_options, this);
        c->open();
    }
    return c;
}

RedisConnection *EntryReader::connectionFor(const QString &host, quint16 port)
{
    const QString address = fillText(QStringLiteral("%1:%2"), host, port);
    RedisConnection *&c = m_connections[address];
    if (!c) {
        ConnectionOptions o = m_options;
        // Cluster nodes announce TCP addresses, database 0; this node, not a Sentinel master or replica.
        if (o.transport == ConnectionOptions::Transport::Unix)
            o.transport = ConnectionOptions::Transport::Tcp;
        o.host = host;
        o.port = port;
        o.socketPath.clear();
        o.db = 0;
        o.sentinel.reset();
        o.readFromReplica = false;
        o.followToPrimary = false;
        c = new RedisConnection(o, this);
        c->open();
    }
    return c;
}

void EntryReader::run(const QByteArray &key, const RedisBatch &batch, RedisConnection::Callback done, int hops)
{
    RedisConnection *c = connectionTo(m_keyNode.value(key));
    c->execute(batch, this, [this, c, key, batch, done = std::move(done), hops](const RedisReplies &replies, const RedisError &error) mutable {
        std::optional<ClusterRedirect> redirect;
        for (const RedisReply &r : replies)
            if (r.isError() && (redirect = parseRedirect(r)))
                break;
        if (error.isError() || !redirect || hops >= 2) {
            done(replies, error);
            return;
        }
        const QString host = redirect->host.isEmpty() ? c->options().host : redirect->host;
        RedisConnection *target = connectionFor(host, redirect->port);
        if (redirect->kind == ClusterRedirect::Kind::Moved) {
            if (m_keyNode.size() > 10'000) // keys browsed in one session: a bound, not a cache policy
                m_keyNode.clear();
            m_keyNode.insert(key, fillText(QStringLiteral("%1:%2"), host, redirect->port));
            run(key, batch, std::move(done), hops + 1);
            return;
        }
        // -ASK: the slot is moving; ASKING before each command, on the importing node, this once.
        RedisBatch asking;
        for (const RedisCommand &command : batch)
            asking << RedisCommand{"ASKING"} << command;
        target->execute(asking, this, [done = std::move(done)](const RedisReplies &askReplies, const RedisError &askError) {
            RedisReplies answers;
            for (qsizetype i = 1; i < askReplies.size(); i += 2)
                answers << askReplies.at(i);
            done(answers, askError);
        });
    });
}

void EntryReader::read(const QByteArray &stream, const QByteArray &id)
{
    run(stream, {{"XRANGE", stream, id, id}}, [this, stream, id](const RedisReplies &replies, const RedisError &error) {
        EntryReadResult r;
        r.stream = stream;
        r.id = id;
        if (error.isError()) {
            r.error = error.message;
        } else if (replies.value(0).isError()) {
            r.error = describeReplyError({"XRANGE"}, replies.value(0)).message;
        } else if (replies.value(0).size() > 0) {
            r.found = true;
            r.fields = fieldsOf(replies.value(0).at(0));
        }
        Q_EMIT entryRead(r);
    });
}

void EntryReader::readPage(const QByteArray &stream, const QByteArray &beforeId, int count, quint64 request)
{
    const QByteArray end = beforeId.isEmpty() ? QByteArray("+") : "(" + beforeId;
    // One more than asked: whether older entries remain, without a second read.
    const RedisBatch batch{{"XREVRANGE", stream, end, "-", "COUNT", QByteArray::number(count + 1)}, {"XLEN", stream}};
    run(stream, batch, [this, stream, beforeId, count, request](const RedisReplies &replies, const RedisError &error) {
        EntryPage page;
        page.stream = stream;
        page.request = request;
        page.first = beforeId.isEmpty();
        if (error.isError()) {
            page.error = error.message;
        } else if (replies.value(0).isError()) {
            page.error = describeReplyError({"XREVRANGE"}, replies.value(0)).message;
        } else {
            const RedisReply &list = replies.value(0);
            page.more = list.size() > count;
            for (qsizetype i = 0; i < list.size() && i < count; ++i) {
                StreamFields fields = fieldsOf(list.at(i));
                qint64 bytes = 0;
                for (auto &[name, value] : fields) {
                    bytes += name.size() + value.size();
                    if (value.size() > kPageValueCap)
                        value.truncate(kPageValueCap);
                }
                page.entries.append({list.at(i).at(0).bytes(), fields});
                page.entryBytes.append(bytes);
            }
            if (replies.value(1).isInteger())
                page.length = replies.value(1).integer();
        }
        Q_EMIT pageRead(page);
    });
}

void EntryReader::readQueuePage(const QByteArray &key, bool delayed, qint64 offset, int count, quint64 request, bool newestFirst)
{
    offset = std::max<qint64>(0, offset);
    count = std::clamp(count, 1, 1000);
    newestFirst = newestFirst && delayed;
    // From the end, as LRANGE reads a list's oldest end: negative ranks.
    const RedisCommand range = !delayed   ? RedisCommand{"LRANGE", key, QByteArray::number(-(offset + count)), QByteArray::number(-(offset + 1))}
                               : newestFirst ? RedisCommand{"ZRANGE", key, QByteArray::number(-(offset + count)), QByteArray::number(-(offset + 1)), "WITHSCORES"}
                                             : RedisCommand{"ZRANGE", key, QByteArray::number(offset), QByteArray::number(offset + count - 1), "WITHSCORES"};
    const RedisBatch batch{{"TIME"}, {"TYPE", key}, delayed ? RedisCommand{"ZCARD", key} : RedisCommand{"LLEN", key}, range};
    run(key, batch, [this, key, delayed, newestFirst, offset, request, batch](const RedisReplies &replies, const RedisError &error) {
        QueueItemPage page;
        page.key = key;
        page.delayed = delayed;
        page.newestFirst = newestFirst;
        page.offset = offset;
        page.request = request;
        if (error.isError()) {
            page.error = error.message;
            Q_EMIT queuePageRead(page);
            return;
        }
        const RedisReply &time = replies.value(0);
        page.serverNowMs = time.at(0).toInt().value_or(0) * 1000 + time.at(1).toInt().value_or(0) / 1000;
        page.type = replies.value(1).bytes();
        if (page.type != (delayed ? "zset" : "list")) {
            if (page.type != "none")
                page.error = tr("%1 is a %2, not a %3").arg(displayBytes(key), QString::fromLatin1(page.type),
                                                            delayed ? tr("sorted set") : tr("list"));
            page.length = 0;
            Q_EMIT queuePageRead(page);
            return;
        }
        for (int i = 2; i < 4; ++i)
            if (replies.value(i).isError()) {
                page.error = describeReplyError(batch.at(i), replies.value(i)).message;
                Q_EMIT queuePageRead(page);
                return;
            }
        page.length = replies.value(2).integer();
        const QList<RedisReply> elements = replies.value(3).elements();
        const auto item = [](const QByteArray &value) {
            QueueItem it;
            it.size = value.size();
            it.value = value.size() > kQueueValueCap ? value.left(kQueueValueCap) : value;
            return it;
        };
        if (delayed) {
            for (qsizetype i = 0; i + 1 < elements.size(); i += 2) {
                QueueItem it = item(elements.at(i).bytes());
                bool ok = false;
                const double score = elements.at(i + 1).bytes().toDouble(&ok);
                if (ok)
                    it.score = score;
                page.items.append(it);
            }
            if (newestFirst)
                std::reverse(page.items.begin(), page.items.end());
        } else {
            for (qsizetype i = elements.size() - 1; i >= 0; --i) // LRANGE lists left to right: the oldest last
                page.items.append(item(elements.at(i).bytes()));
        }
        Q_EMIT queuePageRead(page);
    });
}

void EntryReader::readJobHash(const QByteArray &key, quint64 request)
{
    // A hash for most frameworks, a string for arq (its pickled job): both
    // asked at once, the one that does not fit the key's type errs harmlessly.
    const RedisBatch batch{{"TYPE", key},
                           {"HSCAN", key, "0", "COUNT", QByteArray::number(kJobHashFields)},
                           {"GETRANGE", key, "0", QByteArray::number(kQueueValueCap - 1)},
                           {"STRLEN", key}};
    run(key, batch, [this, key, request, batch](const RedisReplies &replies, const RedisError &error) {
        JobHashPage page;
        page.key = key;
        page.request = request;
        const QByteArray type = replies.value(0).bytes();
        const RedisReply &scan = replies.value(1);
        if (error.isError()) {
            page.error = error.message;
        } else if (type == "string") {
            page.fields.append({QByteArray(), replies.value(2).bytes()});
            page.valueSizes.append(replies.value(3).toInt().value_or(replies.value(2).bytes().size()));
        } else if (type == "none") {
            // gone: no fields, no error
        } else if (scan.isError()) {
            page.error = describeReplyError(batch.at(1), scan).message;
        } else {
            page.more = scan.at(0).bytes() != "0";
            const QList<RedisReply> &flat = scan.at(1).elements();
            // A small hash answers whole whatever COUNT says: keep the bound here too.
            for (qsizetype i = 0; i + 1 < flat.size() && page.fields.size() < kJobHashFields; i += 2) {
                const QByteArray &value = flat.at(i + 1).bytes();
                page.fields.append({flat.at(i).bytes().left(1024), value.left(kQueueValueCap)});
                page.valueSizes.append(value.size());
            }
            page.more = page.more || flat.size() / 2 > kJobHashFields;
        }
        Q_EMIT jobHashRead(page);
    });
}

void EntryReader::readEntries(const QByteArray &stream, const QList<QByteArray> &ids, quint64 request)
{
    RedisBatch batch;
    for (const QByteArray &id : ids)
        batch.append({"XRANGE", stream, id, id});
    run(stream, batch, [this, stream, request](const RedisReplies &replies, const RedisError &error) {
        EntryPage page;
        page.stream = stream;
        page.request = request;
        if (error.isError())
            page.error = error.message;
        for (const RedisReply &r : replies) {
            if (r.isError()) {
                page.error = describeReplyError({"XRANGE"}, r).message;
                break;
            }
            if (r.size() == 0)
                continue;
            StreamFields fields = fieldsOf(r.at(0));
            qint64 bytes = 0;
            for (const auto &[name, value] : std::as_const(fields))
                bytes += name.size() + value.size();
            page.entries.append({r.at(0).at(0).bytes(), fields});
            page.entryBytes.append(bytes);
        }
        Q_EMIT entriesRead(page);
    });
}

} // namespace pelscope
