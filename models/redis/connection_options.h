// Where and how to reach one Redis server, parsed from redis-cli style URLs.
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace pelscope {

struct TlsOptions
{
    QString caFile;     // PEM bundle; empty means the system store
    QString certFile;   // client certificate (servers with tls-auth-clients yes)
    QString keyFile;
    QString sni;        // server name to send and verify; defaults to host
    bool insecure = false; // skip peer verification (loudly)
};

struct ConnectionOptions
{
    enum class Transport { Tcp, Tls, Unix };

    Transport transport = Transport::Tcp;
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    QString socketPath;
    int db = 0;
    QByteArray user;                    // empty: legacy AUTH <password>
    std::optional<QByteArray> password; // never logged
    TlsOptions tls;
    QByteArray clientName = "pelscope";

    int connectTimeoutMs = 5000;
    int commandTimeoutMs = 5000;
    int reconnectInitialMs = 250;
    int reconnectMaxMs = 10000;

    // redis://user:***@host:port/db — safe for logs and window titles.
    QString redactedUrl() const;
    // host:port or the socket path.
    QString address() const;
};

struct UrlParseResult
{
    std::optional<ConnectionOptions> options;
    QString error;
};

// redis://[user[:password]@]host[:port][/db], rediss://... for TLS,
// unix:///path/to/socket[?db=N]. A bare host[:port] is accepted as redis://.
UrlParseResult parseRedisUrl(const QString &url);

} // namespace pelscope
