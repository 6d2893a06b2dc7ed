// RedisConnection, the socket half: a TCP, TLS or unix socket made and
// configured (certificates, SNI, keep-alive), and its errors said in plain
// words. The pipelining, deadlines and reconnects are in redis_connection.cpp,
// the handshake in redis_handshake.cpp.
#include "redis_connection.h"

#include <QFile>
#include <QLocalSocket>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

RedisError classifySocketError(QAbstractSocket::SocketError code, const QString &text, const ConnectionOptions &o, const QStringList &tlsErrors)
{
    const QString where = o.address();
    switch (code) {
    case QAbstractSocket::ConnectionRefusedError:
        return RedisError::of(RedisError::Kind::Refused,
                              QStringLiteral("connection refused by %1: is redis-server running and listening there?").arg(where), text.toUtf8());
    case QAbstractSocket::HostNotFoundError:
        return RedisError::of(RedisError::Kind::HostNotFound, QStringLiteral("host '%1' not found (DNS lookup failed)").arg(o.host), text.toUtf8());
    case QAbstractSocket::SocketTimeoutError:
        return RedisError::of(RedisError::Kind::Timeout, QStringLiteral("timed out talking to %1").arg(where), text.toUtf8());
    case QAbstractSocket::SslHandshakeFailedError:
    case QAbstractSocket::SslInternalError:
    case QAbstractSocket::SslInvalidUserDataError: {
        const QString why = tlsErrors.isEmpty() ? text : tlsErrors.join(QStringLiteral("; "));
        return RedisError::of(RedisError::Kind::Tls, QStringLiteral("TLS handshake with %1 failed: %2").arg(where, why), text.toUtf8());
    }
    case QAbstractSocket::RemoteHostClosedError:
        if (o.transport == ConnectionOptions::Transport::Tls && o.tls.certFile.isEmpty())
            return RedisError::of(
                RedisError::Kind::Closed,
                QStringLiteral("%1 closed the TLS connection: the server may require a client certificate (--cert/--key)").arg(where), text.toUtf8());
        return RedisError::of(RedisError::Kind::Closed, QStringLiteral("%1 closed the connection").arg(where), text.toUtf8());
    default: return RedisError::of(RedisError::Kind::Closed, QStringLiteral("connection to %1 failed: %2").arg(where, text), text.toUtf8());
    }
}

RedisError classifyLocalError(QLocalSocket::LocalSocketError code, const QString &text, const QString &path)
{
    switch (code) {
    case QLocalSocket::ServerNotFoundError:
        return RedisError::of(RedisError::Kind::Refused, QStringLiteral("no Redis listens on unix socket %1 (the file does not exist)").arg(path),
                              text.toUtf8());
    case QLocalSocket::ConnectionRefusedError:
        return RedisError::of(RedisError::Kind::Refused, QStringLiteral("connection refused on unix socket %1").arg(path), text.toUtf8());
    case QLocalSocket::SocketAccessError:
        return RedisError::of(RedisError::Kind::NoPermission,
                              QStringLiteral("no permission to open unix socket %1 (check its mode and your groups)").arg(path), text.toUtf8());
    case QLocalSocket::PeerClosedError:
        return RedisError::of(RedisError::Kind::Closed, QStringLiteral("the server closed the connection on %1").arg(path), text.toUtf8());
    default: return RedisError::of(RedisError::Kind::Closed, QStringLiteral("unix socket %1: %2").arg(path, text), text.toUtf8());
    }
}

} // namespace

void RedisConnection::connectSocket()
{
    m_decoder.setLimits(m_options.replyLimits);
    m_decoder.reset();
    m_repliesTaken = 0;
    m_tlsErrors.clear();
    createDevice();
    m_connectTimer.start(m_options.connectTimeoutMs);
    spdlog::debug("connecting to {}", m_options.redactedUrl().toStdString());

    switch (m_options.transport) {
    case ConnectionOptions::Transport::Unix: static_cast<QLocalSocket *>(m_device)->connectToServer(m_options.socketPath); break;
    case ConnectionOptions::Transport::Tls: {
        auto *ssl = static_cast<QSslSocket *>(m_device);
        const QString peer = m_options.tls.sni.isEmpty() ? m_options.host : m_options.tls.sni;
        ssl->connectToHostEncrypted(m_options.host, m_options.port, peer);
        break;
    }
    case ConnectionOptions::Transport::Tcp: static_cast<QTcpSocket *>(m_device)->connectToHost(m_options.host, m_options.port); break;
    }
}

void RedisConnection::createDevice()
{
    dropDevice();
    if (m_options.transport == ConnectionOptions::Transport::Unix) {
        auto *socket = new QLocalSocket(this);
        connect(socket, &QLocalSocket::connected, this, &RedisConnection::onConnected);
        connect(socket, &QLocalSocket::readyRead, this, &RedisConnection::onReadyRead);
        connect(socket, &QLocalSocket::disconnected, this, &RedisConnection::onDisconnected);
        connect(socket, &QLocalSocket::errorOccurred, this, [this, socket](QLocalSocket::LocalSocketError code) {
            onSocketError(classifyLocalError(code, socket->errorString(), m_options.socketPath));
        });
        m_device = socket;
        return;
    }

    QTcpSocket *tcp = nullptr;
    if (m_options.transport == ConnectionOptions::Transport::Tls) {
        auto *ssl = new QSslSocket(this);
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        if (!m_options.tls.caFile.isEmpty()) {
            const auto cas = QSslCertificate::fromPath(m_options.tls.caFile, QSsl::Pem);
            if (cas.isEmpty())
                spdlog::warn("no certificate could be read from CA file {}", m_options.tls.caFile.toStdString());
            config.setCaCertificates(cas);
        }
        if (!m_options.tls.certFile.isEmpty()) {
            const auto certs = QSslCertificate::fromPath(m_options.tls.certFile, QSsl::Pem);
            if (!certs.isEmpty())
                config.setLocalCertificate(certs.first());
            QFile keyFile(m_options.tls.keyFile.isEmpty() ? m_options.tls.certFile : m_options.tls.keyFile);
            if (keyFile.open(QIODevice::ReadOnly)) {
                const QByteArray pem = keyFile.readAll();
                QSslKey key(pem, QSsl::Rsa, QSsl::Pem);
                if (key.isNull())
                    key = QSslKey(pem, QSsl::Ec, QSsl::Pem);
                config.setPrivateKey(key);
            }
        }
        config.setPeerVerifyMode(m_options.tls.insecure ? QSslSocket::VerifyNone : QSslSocket::VerifyPeer);
        ssl->setSslConfiguration(config);
        connect(ssl, &QSslSocket::encrypted, this, &RedisConnection::onEncrypted);
        connect(ssl, &QSslSocket::sslErrors, this, [this](const QList<QSslError> &errors) {
            for (const QSslError &e : errors)
                m_tlsErrors << e.errorString();
        });
        tcp = ssl;
    } else {
        tcp = new QTcpSocket(this);
        connect(tcp, &QTcpSocket::connected, this, &RedisConnection::onConnected);
    }
    connect(tcp, &QTcpSocket::readyRead, this, &RedisConnection::onReadyRead);
    connect(tcp, &QTcpSocket::disconnected, this, &RedisConnection::onDisconnected);
    connect(tcp, &QTcpSocket::errorOccurred, this,
            [this, tcp](QAbstractSocket::SocketError code) { onSocketError(classifySocketError(code, tcp->errorString(), m_options, m_tlsErrors)); });
    m_device = tcp;
}

void RedisConnection::dropDevice()
{
    if (!m_device)
        return;
    QIODevice *device = m_device;
    m_device = nullptr;
    device->disconnect(this);
    if (auto *local = qobject_cast<QLocalSocket *>(device))
        local->abort();
    else if (auto *tcp = qobject_cast<QAbstractSocket *>(device))
        tcp->abort();
    device->deleteLater();
}

void RedisConnection::onConnected()
{
    if (auto *tcp = qobject_cast<QAbstractSocket *>(m_device)) {
        tcp->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        tcp->setSocketOption(QAbstractSocket::KeepAliveOption, 1);
    }
    startHandshake();
}

void RedisConnection::onEncrypted()
{
    onConnected();
}

} // namespace pelscope
