#include "fault_proxy.h"

#include <QTimer>

namespace pelscope::test {

FaultProxy::FaultProxy(quint16 upstreamPort, QObject *parent)
    : QObject(parent)
    , m_upstreamPort(upstreamPort)
{
    connect(&m_server, &QTcpServer::newConnection, this, &FaultProxy::onNewConnection);
}

FaultProxy::~FaultProxy()
{
    resetAll();
    m_server.disconnect(this);
}

bool FaultProxy::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

void FaultProxy::onNewConnection()
{
    while (QTcpSocket *client = m_server.nextPendingConnection()) {
        ++m_seen;
        auto *pair = new Pair;
        pair->client = client;
        pair->upstream = new QTcpSocket(this);
        m_pairs.append(pair);
        connect(client, &QTcpSocket::readyRead, this, [this, pair] { forward(pair->client, pair->upstream, pair, false); });
        connect(pair->upstream, &QTcpSocket::readyRead, this, [this, pair] { forward(pair->upstream, pair->client, pair, true); });
        connect(client, &QTcpSocket::disconnected, this, [this, pair] { drop(pair); });
        connect(pair->upstream, &QTcpSocket::disconnected, this, [this, pair] { drop(pair); });
        pair->upstream->connectToHost(QHostAddress::LocalHost, m_upstreamPort);
    }
}

void FaultProxy::forward(QTcpSocket *from, QTcpSocket *to, Pair *pair, bool fromServer)
{
    if (!from || !to)
        return;
    QByteArray data = from->readAll();
    if (m_blackhole)
        return;
    if (!fromServer && !m_loseReplyTo.isEmpty() && data.contains(m_loseReplyTo)) {
        pair->loseNextReply = true; // armed until a reply is lost (a reset may take this pair first)
    }
    if (fromServer && pair->loseNextReply) {
        m_loseReplyTo.clear();
        ++m_cuts;
        ++m_repliesLost;
        drop(pair);
        return;
    }
    if (fromServer && m_cutAfter >= 0) {
        const qint64 room = m_cutAfter - pair->serverBytes;
        if (data.size() > room) {
            // Deliver a prefix, then cut: a reply torn in the middle.
            data.truncate(std::max<qint64>(room, 0));
            if (!data.isEmpty())
                to->write(data), to->flush();
            ++m_cuts;
            drop(pair);
            return;
        }
        pair->serverBytes += data.size();
    }
    auto send = [to, data, chunk = m_chunk]() {
        if (!to)
            return;
        if (chunk <= 0) {
            to->write(data);
            return;
        }
        for (qsizetype i = 0; i < data.size(); i += chunk) {
            to->write(data.mid(i, chunk));
            to->flush();
        }
    };
    if (m_latencyMs > 0)
        QTimer::singleShot(m_latencyMs, to, send);
    else
        send();
}

void FaultProxy::drop(Pair *pair)
{
    if (!m_pairs.removeOne(pair))
        return;
    if (pair->client)
        pair->client->disconnect(this);
    if (pair->upstream)
        pair->upstream->disconnect(this);
    if (pair->client) {
        pair->client->abort();
        pair->client->deleteLater();
    }
    if (pair->upstream) {
        pair->upstream->abort();
        pair->upstream->deleteLater();
    }
    delete pair;
}

void FaultProxy::resetAll()
{
    const QList<Pair *> pairs = m_pairs;
    for (Pair *p : pairs) {
        ++m_cuts;
        drop(p);
    }
}

} // namespace pelscope::test
