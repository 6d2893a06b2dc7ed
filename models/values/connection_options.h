// Where and how to reach one Redis server, parsed from redis-cli style URLs
// (or, with Redis Sentinel, which sentinels to ask where the master is).
#pragma once

#include "reply_limits.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

namespace pelscope {

struct TlsOptions
{
    QString caFile;   // PEM bundle; empty means the system store
    QString certFile; // client certificate (servers with tls-auth-clients yes)
    QString keyFile;
    QString sni;           // server name to send and verify; defaults to host
    bool insecure = false; // skip peer verification (loudly)
};

// Redis Sentinel: before every (re)connect the sentinels are asked, in turn,
// for the current master of masterName; host and port then hold the answer.
struct SentinelOptions
{
    struct Address
    {
        QString host;
        quint16 port = 26379;
    };
    QList<Address> sentinels;
    QByteArray masterName;
    // Sentinels often run without AUTH while the data nodes use it, so they get
    // their own credentials (URL query sentinel_user / sentinel_password); none by default.
    QByteArray user;
    std::optional<QByteArray> password; // never logged
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
    QByteArray clientName = "pelscope";      // empty: no CLIENT SETNAME
    std::optional<SentinelOptions> sentinel; // set by redis+sentinel:// URLs
    // ?read_from=replica (or --read-from-replica): poll a replica, never the
    // primary's keyspace. With Sentinel the sentinels name it; with a plain URL
    // naming a primary, its ROLE lists the replicas. Writes clear it: forWrites().
    bool readFromReplica = false;
    // Set by forWrites() on read_from=replica options: if the URL's node turns
    // out to be a replica, the connection moves on to the primary its ROLE names.
    bool followToPrimary = false;

    int connectTimeoutMs = 5000;
    int commandTimeoutMs = 5000;
    int reconnectInitialMs = 250;
    int reconnectMaxMs = 10000;
    // What one reply may cost (--max-reply-size): a hostile server's 9 GB
    // bulk string drops the connection instead of filling memory.
    ReplyLimits replyLimits;

    // redis://user:***@host:port/db — safe for logs and window titles.
    QString redactedUrl() const;
    // host:port or the socket path (with Sentinel: the master last resolved).
    QString address() const;
    // The options a write (requeue, claim, ack...) must connect with: the same
    // server, but always the primary, whatever read_from says (a URL naming a
    // replica is followed to its primary; Sentinel names the master anyway).
    ConnectionOptions forWrites() const;
};

struct UrlParseResult
{
    std::optional<ConnectionOptions> options;
    QString error;
};

// redis://[user[:password]@]host[:port][/db], rediss://... for TLS,
// unix:///path/to/socket[?db=N]. A bare host[:port] is accepted as redis://.
// redis+sentinel://[user[:password]@]host1[:26379],host2[:26379]/MASTER[/db]
// [?sentinel_user=U&sentinel_password=P], rediss+sentinel://... for TLS to
// the sentinels and the master. Any form takes ?read_from=replica (or
// ?replica=1): read from a replica (read_from=primary is the default).
UrlParseResult parseRedisUrl(const QString &url);

// A URL as typed, safe to quote in a message: the password and
// sentinel_password replaced by ***, control characters escaped. Works on
// text that is not a valid URL too (that is when it is quoted).
QString redactUrlText(const QString &url);

} // namespace pelscope
