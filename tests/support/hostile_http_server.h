// An HTTP server that answers the way a broken or hostile Prometheus would:
// forever, enormously, a byte at a time, or with values that are not
// numbers. For the backfill's limits (tests/integration/tst_backfill_hostile.cpp);
// a real Prometheus never sends these, so no real one can stand in.
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>

class QTcpServer;
class QTcpSocket;

namespace pelscope::test {

class HostileHttpServer : public QObject
{
    Q_OBJECT
public:
    enum class Mode {
        Endless,  // a query_range answer whose values never end
        Points,   // a valid answer with points() points, Content-Length said
        Trickle,  // a valid answer, one byte every trickleMs()
        Values,   // a valid answer holding values() as the values, one per step from `start`
    };
    explicit HostileHttpServer(Mode mode, QObject *parent = nullptr);
    quint16 port() const;
    void setPoints(qint64 n) { m_points = n; }
    void setTrickleMs(int ms) { m_trickleMs = ms; }
    void setValues(const QList<QByteArray> &values) { m_values = values; }
    qint64 bytesSent() const { return m_sent; }

private:
    void serve(QTcpSocket *socket, const QByteArray &target);

    Mode m_mode;
    QTcpServer *m_server;
    qint64 m_points = 0;
    int m_trickleMs = 2000;
    QList<QByteArray> m_values;
    qint64 m_sent = 0;
};

} // namespace pelscope::test
