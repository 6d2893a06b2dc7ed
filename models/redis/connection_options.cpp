#include "connection_options.h"

#include <QUrl>
#include <QUrlQuery>

namespace pelscope {

QString ConnectionOptions::address() const
{
    if (transport == Transport::Unix)
        return socketPath;
    const bool v6 = host.contains(QLatin1Char(':'));
    return (v6 ? QStringLiteral("[%1]").arg(host) : host) + QLatin1Char(':') + QString::number(port);
}

QString ConnectionOptions::redactedUrl() const
{
    QString auth;
    if (!user.isEmpty() || password) {
        auth = QString::fromUtf8(user);
        if (password)
            auth += QStringLiteral(":***");
        auth += QLatin1Char('@');
    }
    if (transport == Transport::Unix) {
        QString url = QStringLiteral("unix://") + auth + socketPath;
        if (db != 0)
            url += QStringLiteral("?db=%1").arg(db);
        return url;
    }
    QString url = (transport == Transport::Tls ? QStringLiteral("rediss://") : QStringLiteral("redis://"))
                  + auth + address();
    if (db != 0)
        url += QStringLiteral("/%1").arg(db);
    return url;
}

UrlParseResult parseRedisUrl(const QString &input)
{
    QString text = input.trimmed();
    if (text.isEmpty())
        return {std::nullopt, QStringLiteral("empty URL")};
    if (!text.contains(QStringLiteral("://")))
        text.prepend(QStringLiteral("redis://"));

    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return {std::nullopt, QStringLiteral("invalid URL '%1': %2").arg(input, url.errorString())};

    ConnectionOptions o;
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("redis"))
        o.transport = ConnectionOptions::Transport::Tcp;
    else if (scheme == QLatin1String("rediss"))
        o.transport = ConnectionOptions::Transport::Tls;
    else if (scheme == QLatin1String("unix"))
        o.transport = ConnectionOptions::Transport::Unix;
    else
        return {std::nullopt, QStringLiteral("unsupported scheme '%1' (use redis://, rediss:// or unix://)").arg(scheme)};

    if (!url.userName().isEmpty())
        o.user = url.userName(QUrl::FullyDecoded).toUtf8();
    if (url.password(QUrl::FullyDecoded).size() > 0 || url.userInfo().endsWith(QLatin1Char(':')))
        o.password = url.password(QUrl::FullyDecoded).toUtf8();
    // redis://:secret@host means legacy password with no user name.
    if (o.user.isEmpty() && !o.password && url.userInfo().startsWith(QLatin1Char(':')))
        o.password = url.userInfo().mid(1).toUtf8();

    auto parseDb = [&](const QString &s) -> bool {
        if (s.isEmpty())
            return true;
        bool ok = false;
        const int db = s.toInt(&ok);
        if (!ok || db < 0)
            return false;
        o.db = db;
        return true;
    };

    if (o.transport == ConnectionOptions::Transport::Unix) {
        o.socketPath = url.path(QUrl::FullyDecoded);
        if (o.socketPath.isEmpty())
            return {std::nullopt, QStringLiteral("unix:// URL needs a socket path, e.g. unix:///run/redis/redis.sock")};
        if (!parseDb(QUrlQuery(url).queryItemValue(QStringLiteral("db"))))
            return {std::nullopt, QStringLiteral("invalid db in '%1'").arg(input)};
        return {o, {}};
    }

    o.host = url.host(QUrl::FullyDecoded);
    if (o.host.isEmpty())
        return {std::nullopt, QStringLiteral("URL '%1' has no host").arg(input)};
    o.port = quint16(url.port(6379));
    if (url.port() == 0)
        return {std::nullopt, QStringLiteral("invalid port in '%1'").arg(input)};
    QString path = url.path();
    if (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    if (!parseDb(path))
        return {std::nullopt, QStringLiteral("invalid db '%1' in URL (expected a number)").arg(path)};
    if (QUrlQuery(url).hasQueryItem(QStringLiteral("db")) && !parseDb(QUrlQuery(url).queryItemValue(QStringLiteral("db"))))
        return {std::nullopt, QStringLiteral("invalid db in '%1'").arg(input)};
    return {o, {}};
}

} // namespace pelscope
