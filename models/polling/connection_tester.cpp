#include "connection_tester.h"

#include "../redis/redis_connection.h"
#include "../snapshot/format.h"

namespace pelscope {

ConnectionTester::ConnectionTester(QObject *parent)
    : QObject(parent)
{}

ConnectionTester::~ConnectionTester()
{
    cancel();
}

void ConnectionTester::start(ConnectionOptions options)
{
    cancel();
    options.clientName = "pelscope-test";
    auto *connection = new RedisConnection(std::move(options), this);
    connection->setAutoReconnect(false);
    m_connection = connection;
    const int generation = ++m_generation;
    connect(connection, &RedisConnection::ready, this, [this, connection, generation] {
        if (generation != m_generation)
            return;
        m_pingClock.start();
        connection->execute(RedisBatch{RedisCommand{"PING"}}, connection,
                            [this, connection, generation](const RedisReplies &replies, const RedisError &error) {
                                if (generation != m_generation)
                                    return;
                                const double ms = double(m_pingClock.nsecsElapsed()) / 1e6;
                                if (error.isError()) {
                                    finish(false, error.message, error.detail);
                                    return;
                                }
                                if (!replies.isEmpty() && replies.at(0).isError()) {
                                    const RedisError e = describeReplyError({"PING"}, replies.at(0));
                                    finish(false, e.message, e.detail);
                                    return;
                                }
                                const ServerHello &h = connection->hello();
                                QString text = tr("%1 %2, %3").arg(productName(h.product), h.version, h.mode);
                                if (!h.role.isEmpty())
                                    text += QStringLiteral(" (%1)").arg(h.role);
                                text += tr(", round trip %1 ms").arg(ms, 0, 'f', ms < 10 ? 2 : 1);
                                finish(true, text);
                            });
    });
    connect(connection, &RedisConnection::errorOccurred, this, [this, generation](const RedisError &error) {
        if (generation == m_generation)
            finish(false, error.message, error.detail);
    });
    connection->open();
}

void ConnectionTester::cancel()
{
    ++m_generation; // whatever the old connection still says is ignored
    if (m_connection) {
        m_connection->disconnect(this);
        m_connection->close();       // abort the socket now: a cancelled test sends nothing more
        m_connection->deleteLater(); // we may be inside one of its signals or callbacks
        m_connection.clear();
    }
}

void ConnectionTester::finish(bool ok, const QString &message, const QByteArray &detail)
{
    cancel();
    Q_EMIT finished(ok, message, detail);
}

} // namespace pelscope
