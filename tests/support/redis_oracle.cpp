#include "redis_oracle.h"

#include <hiredis/hiredis.h>

#include <QHash>
#include <QUrl>
#include <vector>

namespace pelscope::test {

namespace {

RedisReply convert(const redisReply *r)
{
    if (!r)
        return RedisReply::error("ERR connection lost");
    switch (r->type) {
    case REDIS_REPLY_STRING: return RedisReply::string(QByteArray(r->str, qsizetype(r->len)));
    case REDIS_REPLY_STATUS: return RedisReply::status(QByteArray(r->str, qsizetype(r->len)));
    case REDIS_REPLY_ERROR: return RedisReply::error(QByteArray(r->str, qsizetype(r->len)));
    case REDIS_REPLY_INTEGER: return RedisReply::integer(r->integer);
    case REDIS_REPLY_ARRAY: {
        QList<RedisReply> e;
        for (size_t i = 0; i < r->elements; ++i)
            e.append(convert(r->element[i]));
        return RedisReply::array(e);
    }
    default: return RedisReply::nil();
    }
}

} // namespace

RedisOracle::~RedisOracle()
{
    if (m_ctx)
        redisFree(m_ctx);
}

bool RedisOracle::connectTcp(const QString &host, quint16 port)
{
    if (m_ctx)
        redisFree(m_ctx);
    timeval tv{2, 0};
    m_ctx = redisConnectWithTimeout(host.toUtf8().constData(), port, tv);
    if (m_ctx && !m_ctx->err) {
        redisSetTimeout(m_ctx, timeval{30, 0});
        return true;
    }
    return false;
}

bool RedisOracle::connectUnix(const QString &path)
{
    if (m_ctx)
        redisFree(m_ctx);
    m_ctx = redisConnectUnixWithTimeout(path.toUtf8().constData(), timeval{2, 0});
    if (m_ctx && !m_ctx->err) {
        redisSetTimeout(m_ctx, timeval{30, 0});
        return true;
    }
    return false;
}

bool RedisOracle::connectUrl(const QString &url)
{
    const QUrl u(url);
    if (u.scheme() == QLatin1String("unix"))
        return connectUnix(u.path());
    return connectTcp(u.host(), quint16(u.port(6379)));
}

RedisReply RedisOracle::command(const RedisCommand &args)
{
    return pipeline({args}).value(0);
}

QList<RedisReply> RedisOracle::pipeline(const QList<RedisCommand> &commands)
{
    QList<RedisReply> out;
    if (!m_ctx)
        return out;
    for (const RedisCommand &args : commands) {
        std::vector<const char *> argv;
        std::vector<size_t> lens;
        for (const QByteArray &a : args) {
            argv.push_back(a.constData());
            lens.push_back(size_t(a.size()));
        }
        redisAppendCommandArgv(m_ctx, int(argv.size()), argv.data(), lens.data());
    }
    for (qsizetype i = 0; i < commands.size(); ++i) {
        void *raw = nullptr;
        if (redisGetReply(m_ctx, &raw) != REDIS_OK) {
            out.append(RedisReply::error("ERR " + QByteArray(m_ctx->errstr)));
            continue;
        }
        out.append(convert(static_cast<redisReply *>(raw)));
        freeReplyObject(raw);
    }
    return out;
}

// Valkey reports its own version in valkey_version; its redis_version is the
// Redis it is compatible with (8.0.1 says 7.2.4).
QString RedisOracle::serverVersion()
{
    const RedisReply info = command({"INFO", "server"});
    QString redis;
    for (const QByteArray &line : info.bytes().split('\n')) {
        if (line.startsWith("valkey_version:"))
            return QString::fromUtf8(line.mid(15).trimmed());
        if (line.startsWith("redis_version:"))
            redis = QString::fromUtf8(line.mid(14).trimmed());
    }
    return redis;
}

QString RedisOracle::serverProduct()
{
    return command({"INFO", "server"}).bytes().contains("\nvalkey_version:") ? QStringLiteral("valkey") : QStringLiteral("redis");
}

QHash<QString, RedisOracle::Stat> RedisOracle::commandStats()
{
    QHash<QString, Stat> stats;
    const RedisReply info = command({"INFO", "commandstats"});
    for (QByteArray line : info.bytes().split('\n')) {
        line = line.trimmed();
        if (!line.startsWith("cmdstat_"))
            continue;
        const qsizetype colon = line.indexOf(':');
        const QString name = QString::fromUtf8(line.mid(8, colon - 8));
        Stat s;
        for (const QByteArray &kv : line.mid(colon + 1).split(',')) {
            const auto parts = kv.split('=');
            if (parts.size() != 2)
                continue;
            if (parts[0] == "calls")
                s.calls = parts[1].toLongLong();
            else if (parts[0] == "usec")
                s.usec = parts[1].toLongLong();
        }
        stats.insert(name, s);
    }
    return stats;
}

} // namespace pelscope::test
