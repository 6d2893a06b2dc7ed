// A small TCP proxy for fault injection on one machine (no tc netem here):
// latency, byte-at-a-time chunking, black-holing, resets, cuts mid-reply.
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

namespace pelscope::test {

class FaultProxy : public QObject
{
    Q_OBJECT
public:
    explicit FaultProxy(quint16 upstreamPort, QObject *parent = nullptr);
    ~FaultProxy() override; // drops its connections before its members go
    bool listen();
    quint16 port() const { return m_server.serverPort(); }
    QString url() const { return QStringLiteral("redis://127.0.0.1:%1").arg(port()); }

    void setChunkSize(int bytes) { m_chunk = bytes; } // 0: forward as received
    void setLatencyMs(int ms) { m_latencyMs = ms; }
    void setBlackhole(bool on) { m_blackhole = on; } // accept, swallow, never answer
    // Cut each connection after this many more server->client bytes (mid-reply).
    void cutAfterServerBytes(qint64 bytes) { m_cutAfter = bytes; }
    // The next request holding `pattern` reaches the server, and its
    // connection is cut before the reply comes back: a write that ran
    // whose answer was lost (once: disarmed when a reply was lost).
    void loseReplyTo(const QByteArray &pattern) { m_loseReplyTo = pattern; }
    void resetAll(); // abort every open connection
    int connectionsSeen() const { return m_seen; }
    int cuts() const { return m_cuts; }
    int repliesLost() const { return m_repliesLost; } // by loseReplyTo()

private:
    struct Pair
    {
        QPointer<QTcpSocket> client;
        QPointer<QTcpSocket> upstream;
        qint64 serverBytes = 0;
        bool loseNextReply = false;
    };
    void onNewConnection();
    void forward(QTcpSocket *from, QTcpSocket *to, Pair *pair, bool fromServer);
    void drop(Pair *pair);

    QTcpServer m_server;
    quint16 m_upstreamPort;
    QList<Pair *> m_pairs;
    int m_chunk = 0;
    int m_latencyMs = 0;
    bool m_blackhole = false;
    qint64 m_cutAfter = -1;
    QByteArray m_loseReplyTo;
    int m_seen = 0;
    int m_cuts = 0;
    int m_repliesLost = 0;
};

} // namespace pelscope::test
