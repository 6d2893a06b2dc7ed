// The connection dialog's Test button, without widgets: connect with the
// given options (no reconnect), PING, and say what answered and how fast —
// or why not, in the same words the window uses for a failing connection.
// One test at a time; cancel() (or a new start()) drops the old one at once,
// so a cancelled test sends nothing more.
#pragma once

#include "../values/connection_options.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

namespace pelscope {

class RedisConnection;

class ConnectionTester : public QObject
{
    Q_OBJECT
public:
    explicit ConnectionTester(QObject *parent = nullptr);
    ~ConnectionTester() override;

    void start(ConnectionOptions options);
    void cancel();
    bool isRunning() const { return !m_connection.isNull(); }

Q_SIGNALS:
    // ok: "Redis 7.0.15, standalone (master), round trip 0.21 ms"; else the
    // error's message, with what the server said in `detail`.
    void finished(bool ok, const QString &message, const QByteArray &detail);

private:
    void finish(bool ok, const QString &message, const QByteArray &detail = {});

    QPointer<RedisConnection> m_connection;
    QElapsedTimer m_pingClock;
    int m_generation = 0;
};

} // namespace pelscope
