#include "hostile_http_server.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

namespace pelscope::test {

namespace {

const QByteArray kHead = R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"x"},"values":[)";
const QByteArray kTail = "]}]}}";

} // namespace

HostileHttpServer::HostileHttpServer(Mode mode, QObject *parent)
    : QObject(parent)
    , m_mode(mode)
    , m_server(new QTcpServer(this))
{
    m_server->listen(QHostAddress::LocalHost, 0);
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_server->nextPendingConnection()) {
            auto request = std::make_shared<QByteArray>();
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket, request] {
                if (request->endsWith("\r\n\r\n"))
                    return; // already answering
                *request += socket->readAll();
                if (!request->endsWith("\r\n\r\n"))
                    return;
                const QByteArray line = request->left(request->indexOf('\r'));
                serve(socket, line.split(' ').value(1));
            });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    });
}

quint16 HostileHttpServer::port() const
{
    return m_server->serverPort();
}

void HostileHttpServer::serve(QTcpSocket *socket, const QByteArray &target)
{
    const QUrlQuery query(QUrl(QString::fromLatin1(target)).query());
    const double start = query.queryItemValue(QStringLiteral("start")).toDouble();
    const double step = std::max(1.0, query.queryItemValue(QStringLiteral("step")).toDouble());
    const auto write = [this, socket](const QByteArray &bytes) {
        m_sent += bytes.size();
        socket->write(bytes);
    };
    switch (m_mode) {
    case Mode::Endless: {
        write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n" + kHead);
        // Refilled whenever the client has taken the last chunk, as long as it reads.
        auto t = std::make_shared<double>(start);
        const auto more = [socket, t, step, write] {
            if (socket->bytesToWrite() > (1 << 20))
                return;
            QByteArray chunk;
            for (int i = 0; i < 4096; ++i, *t += step)
                chunk += '[' + QByteArray::number(*t, 'f', 3) + ",\"1\"],";
            write(chunk);
        };
        connect(socket, &QTcpSocket::bytesWritten, socket, more);
        more();
        break;
    }
    case Mode::Points: {
        // Made as it is read, point by point (the whole answer would stall
        // this thread, which is also the client's): every point is written
        // with the same width, so the length is known in advance.
        const auto point = [start, step](qint64 i) { return '[' + QByteArray::number(start + double(i) * step, 'f', 3) + ",\"1\"]"; };
        const qint64 width = point(0).size();
        if (point(m_points - 1).size() != width)
            qFatal("HostileHttpServer: the points' times change width");
        const qint64 length = kHead.size() + m_points * width + std::max<qint64>(0, m_points - 1) + kTail.size();
        write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(length) + "\r\n\r\n" + kHead);
        auto next = std::make_shared<qint64>(0);
        const qint64 total = m_points;
        const auto more = [socket, next, total, point, write] {
            while (*next < total && socket->bytesToWrite() < (1 << 20)) {
                QByteArray chunk;
                for (int k = 0; k < 8192 && *next < total; ++k, ++*next)
                    chunk += (*next ? "," : "") + point(*next);
                if (*next == total)
                    chunk += kTail;
                write(chunk);
            }
        };
        connect(socket, &QTcpSocket::bytesWritten, socket, more);
        more();
        break;
    }
    case Mode::Trickle: {
        const QByteArray body = kHead + '[' + QByteArray::number(start, 'f', 3) + ",\"1\"]" + kTail;
        write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n");
        auto timer = new QTimer(socket);
        auto offset = std::make_shared<qsizetype>(0);
        connect(timer, &QTimer::timeout, socket, [body, offset, write] {
            if (*offset < body.size())
                write(body.mid((*offset)++, 1));
        });
        timer->start(m_trickleMs);
        break;
    }
    case Mode::Values: {
        QByteArray body = kHead;
        for (qsizetype i = 0; i < m_values.size(); ++i)
            body += (i ? ",[" : "[") + QByteArray::number(start + double(i) * step, 'f', 3) + ",\"" + m_values.at(i) + "\"]";
        body += kTail;
        write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        break;
    }
    }
}

} // namespace pelscope::test
