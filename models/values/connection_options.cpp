#include "connection_options.h"

#include "../text/display_text.h"

#include <QUrl>
#include <QUrlQuery>

namespace pelscope {

namespace {

// QUrl's error text goes on to quote the source and its parts ("source was
// ...; fragment = ..."): a password cut at '#' would survive there. Only
// its first sentence is kept, without the parenthesis that may quote one of
// the password's characters ("Invalid password (character ' ' not permitted)").
QString urlProblem(const QUrl &url)
{
    QString error = url.errorString();
    error.truncate(error.indexOf(QLatin1Char(';')));
    error.truncate(error.indexOf(QStringLiteral(" (")));
    return displayText(error);
}

} // namespace

QString redactUrlText(const QString &input)
{
    QString text = input;
    // Not the URL parser's idea of the userinfo: a password may hold any of
    // '@', '/', '?' and '#', and a URL that fails to parse still gets quoted.
    // The userinfo ends at the last '@' of the text; its password starts at
    // the first ':' after the scheme's "//". An '@' in a query value makes
    // this hide more than the password, never less.
    const qsizetype schemeEnd = text.indexOf(QStringLiteral("://"));
    const qsizetype authStart = schemeEnd < 0 ? 0 : schemeEnd + 3;
    const qsizetype at = text.lastIndexOf(QLatin1Char('@'));
    if (at >= authStart) {
        const qsizetype colon = text.indexOf(QLatin1Char(':'), authStart);
        if (colon >= 0 && colon < at)
            text.replace(colon + 1, at - colon - 1, QStringLiteral("***"));
    }
    // ?sentinel_password=...&
    static const QString key = QStringLiteral("sentinel_password=");
    for (qsizetype i = text.indexOf(key, 0, Qt::CaseInsensitive); i >= 0; i = text.indexOf(key, i + 1, Qt::CaseInsensitive)) {
        const qsizetype from = i + key.size();
        qsizetype to = text.indexOf(QLatin1Char('&'), from);
        if (to < 0)
            to = text.size();
        text.replace(from, to - from, QStringLiteral("***"));
    }
    return displayText(text);
}

namespace {

QString hostPort(const QString &host, quint16 port)
{
    const bool v6 = host.contains(QLatin1Char(':'));
    return (v6 ? QStringLiteral("[%1]").arg(host) : host) + QLatin1Char(':') + QString::number(port);
}

QByteArray percentDecoded(const QString &s)
{
    return QUrl::fromPercentEncoding(s.toUtf8()).toUtf8();
}

// ?read_from=replica|primary, or the shorthand ?replica=1|0; empty when valid.
QString readReplicaQuery(const QUrlQuery &query, ConnectionOptions &o)
{
    if (query.hasQueryItem(QStringLiteral("read_from"))) {
        const QString v = query.queryItemValue(QStringLiteral("read_from")).toLower();
        if (v == QLatin1String("replica") || v == QLatin1String("slave"))
            o.readFromReplica = true;
        else if (v == QLatin1String("primary") || v == QLatin1String("master"))
            o.readFromReplica = false;
        else
            return QStringLiteral("invalid read_from '%1' (expected replica or primary)").arg(v);
    }
    if (query.hasQueryItem(QStringLiteral("replica"))) {
        const QString v = query.queryItemValue(QStringLiteral("replica")).toLower();
        if (v == QLatin1String("1") || v == QLatin1String("true") || v == QLatin1String("yes"))
            o.readFromReplica = true;
        else if (v == QLatin1String("0") || v == QLatin1String("false") || v == QLatin1String("no"))
            o.readFromReplica = false;
        else
            return QStringLiteral("invalid replica '%1' (expected 1 or 0)").arg(v);
    }
    return {};
}

// redis+sentinel://[user[:password]@]h1[:p1],h2[:p2]/MASTER[/db][?query]. QUrl
// cannot hold several hosts, so the authority is split by hand.
UrlParseResult parseSentinelUrl(const QString &rawInput, QString rest, bool tls)
{
    const QString input = redactUrlText(rawInput); // for messages only
    ConnectionOptions o;
    o.transport = tls ? ConnectionOptions::Transport::Tls : ConnectionOptions::Transport::Tcp;
    o.host.clear();
    o.port = 0;
    SentinelOptions s;
    auto bad = [&](const QString &why) { return UrlParseResult{std::nullopt, QStringLiteral("invalid Sentinel URL '%1': %2").arg(input, why)}; };

    QUrlQuery query;
    if (const qsizetype q = rest.indexOf(QLatin1Char('?')); q >= 0) {
        query.setQuery(rest.mid(q + 1));
        rest.truncate(q);
    }
    QString path;
    if (const qsizetype slash = rest.indexOf(QLatin1Char('/')); slash >= 0) {
        path = rest.mid(slash + 1);
        rest.truncate(slash);
    }
    if (const qsizetype at = rest.lastIndexOf(QLatin1Char('@')); at >= 0) {
        const QString userInfo = rest.left(at);
        rest = rest.mid(at + 1);
        const qsizetype colon = userInfo.indexOf(QLatin1Char(':'));
        o.user = percentDecoded(colon < 0 ? userInfo : userInfo.left(colon));
        if (colon >= 0)
            o.password = percentDecoded(userInfo.mid(colon + 1));
    }
    for (const QString &item : rest.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        SentinelOptions::Address a;
        QString portText;
        if (item.startsWith(QLatin1Char('['))) {
            const qsizetype close = item.indexOf(QLatin1Char(']'));
            if (close < 0)
                return bad(QStringLiteral("unclosed '[' in '%1'").arg(item));
            a.host = item.mid(1, close - 1);
            if (item.size() > close + 1) {
                if (item.at(close + 1) != QLatin1Char(':'))
                    return bad(QStringLiteral("expected ':' after ']' in '%1'").arg(item));
                portText = item.mid(close + 2);
            }
        } else {
            const qsizetype colon = item.indexOf(QLatin1Char(':'));
            a.host = colon < 0 ? item : item.left(colon);
            if (colon >= 0)
                portText = item.mid(colon + 1);
        }
        if (!portText.isEmpty()) {
            bool ok = false;
            const uint port = portText.toUInt(&ok);
            if (!ok || port == 0 || port > 65535)
                return bad(QStringLiteral("invalid port '%1'").arg(portText));
            a.port = quint16(port);
        }
        if (a.host.isEmpty())
            return bad(QStringLiteral("empty sentinel host"));
        s.sentinels.append(a);
    }
    if (s.sentinels.isEmpty())
        return bad(QStringLiteral("no sentinel address (expected host1:26379,host2:26379)"));

    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.isEmpty() || parts.size() > 2)
        return bad(QStringLiteral("expected /MASTERNAME or /MASTERNAME/db after the sentinels"));
    s.masterName = percentDecoded(parts.first());
    QString db = parts.value(1);
    if (query.hasQueryItem(QStringLiteral("db")))
        db = query.queryItemValue(QStringLiteral("db"));
    if (!db.isEmpty()) {
        bool ok = false;
        o.db = db.toInt(&ok);
        if (!ok || o.db < 0)
            return bad(QStringLiteral("invalid db '%1'").arg(db));
    }
    if (query.hasQueryItem(QStringLiteral("sentinel_user")))
        s.user = query.queryItemValue(QStringLiteral("sentinel_user"), QUrl::FullyDecoded).toUtf8();
    if (query.hasQueryItem(QStringLiteral("sentinel_password")))
        s.password = query.queryItemValue(QStringLiteral("sentinel_password"), QUrl::FullyDecoded).toUtf8();
    if (const QString e = readReplicaQuery(query, o); !e.isEmpty())
        return bad(e);
    o.sentinel = s;
    return {o, {}};
}

} // namespace

QString ConnectionOptions::address() const
{
    if (transport == Transport::Unix)
        return socketPath;
    if (sentinel && host.isEmpty())
        return QStringLiteral("the master '%1' (not resolved yet)").arg(QString::fromUtf8(sentinel->masterName));
    return hostPort(host, port);
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
    if (sentinel) {
        QStringList hosts;
        for (const SentinelOptions::Address &a : sentinel->sentinels)
            hosts << hostPort(a.host, a.port);
        QString url = (transport == Transport::Tls ? QStringLiteral("rediss+sentinel://") : QStringLiteral("redis+sentinel://")) + auth
                      + hosts.join(QLatin1Char(',')) + QLatin1Char('/')
                      // Encoded as the parser decodes it: a name with '/', '?', '#' or '%' reads back as itself.
                      + QString::fromLatin1(sentinel->masterName.toPercentEncoding());
        if (db != 0)
            url += QStringLiteral("/%1").arg(db);
        QStringList query;
        if (!sentinel->user.isEmpty())
            query << QStringLiteral("sentinel_user=") + QString::fromUtf8(sentinel->user);
        if (sentinel->password)
            query << QStringLiteral("sentinel_password=***");
        if (readFromReplica)
            query << QStringLiteral("read_from=replica");
        if (!query.isEmpty())
            url += QLatin1Char('?') + query.join(QLatin1Char('&'));
        return url;
    }
    if (transport == Transport::Unix) {
        QString url = QStringLiteral("unix://") + auth + socketPath;
        QStringList query;
        if (db != 0)
            query << QStringLiteral("db=%1").arg(db);
        if (readFromReplica)
            query << QStringLiteral("read_from=replica");
        if (!query.isEmpty())
            url += QLatin1Char('?') + query.join(QLatin1Char('&'));
        return url;
    }
    QString url = (transport == Transport::Tls ? QStringLiteral("rediss://") : QStringLiteral("redis://")) + auth + address();
    if (db != 0)
        url += QStringLiteral("/%1").arg(db);
    if (readFromReplica)
        url += QStringLiteral("?read_from=replica");
    return url;
}

ConnectionOptions ConnectionOptions::forWrites() const
{
    ConnectionOptions o = *this;
    // Only when reading from a replica was asked for: a plain URL to a replica
    // without it keeps refusing writes (READONLY) as it always did.
    o.followToPrimary = readFromReplica || followToPrimary;
    o.readFromReplica = false;
    return o;
}

UrlParseResult parseRedisUrl(const QString &rawInput)
{
    // Messages quote the URL: the password is gone before any of them is built.
    const QString input = redactUrlText(rawInput);
    QString text = rawInput.trimmed();
    if (text.isEmpty())
        return {std::nullopt, QStringLiteral("empty URL")};
    if (!text.contains(QStringLiteral("://")))
        text.prepend(QStringLiteral("redis://"));

    const QString scheme0 = text.left(text.indexOf(QStringLiteral("://"))).toLower();
    if (scheme0 == QLatin1String("redis+sentinel") || scheme0 == QLatin1String("rediss+sentinel"))
        return parseSentinelUrl(rawInput, text.mid(scheme0.size() + 3), scheme0.startsWith(QLatin1String("rediss")));

    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return {std::nullopt, QStringLiteral("invalid URL '%1': %2").arg(input, urlProblem(url))};

    ConnectionOptions o;
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("redis"))
        o.transport = ConnectionOptions::Transport::Tcp;
    else if (scheme == QLatin1String("rediss"))
        o.transport = ConnectionOptions::Transport::Tls;
    else if (scheme == QLatin1String("unix"))
        o.transport = ConnectionOptions::Transport::Unix;
    else
        return {std::nullopt, QStringLiteral("unsupported scheme '%1' (use redis://, rediss://, unix:// or redis+sentinel://)").arg(scheme)};

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
        if (const QString e = readReplicaQuery(QUrlQuery(url), o); !e.isEmpty())
            return {std::nullopt, QStringLiteral("invalid URL '%1': %2").arg(input, e)};
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
    if (const QString e = readReplicaQuery(QUrlQuery(url), o); !e.isEmpty())
        return {std::nullopt, QStringLiteral("invalid URL '%1': %2").arg(input, e)};
    return {o, {}};
}

} // namespace pelscope
