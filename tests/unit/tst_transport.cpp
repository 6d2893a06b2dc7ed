// The wire and the connection settings: URLs (redis, rediss, unix, Sentinel), the RESP codec
// round trip and garbage.
#include "unit_tests.h"
#include "alerts/alert_policy.h"
#include "export/prometheus_exposition.h"
#include "export/scrape_pace.h"
#include "health/health_rules.h"
#include "health/queue_rules.h"
#include "values/connection_options.h"
#include "redis/resp_codec.h"
#include "snapshot/format.h"
#include "snapshot/stream_id.h"

#include <QFile>
#include <QJsonDocument>
#include <QTranslator>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <limits>

using namespace pelscope;

class TestTransport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void urls()
    {
        auto r = parseRedisUrl(QStringLiteral("redis://mon:s%40cret@db.example:6380/3"));
        QVERIFY(r.options);
        QCOMPARE(r.options->host, QStringLiteral("db.example"));
        QCOMPARE(r.options->port, 6380);
        QCOMPARE(r.options->db, 3);
        QCOMPARE(r.options->user, QByteArray("mon"));
        QCOMPARE(*r.options->password, QByteArray("s@cret"));
        QCOMPARE(r.options->redactedUrl(), QStringLiteral("redis://mon:***@db.example:6380/3"));
        QVERIFY(!r.options->redactedUrl().contains(QStringLiteral("cret")));

        r = parseRedisUrl(QStringLiteral("rediss://h"));
        QCOMPARE(r.options->transport, ConnectionOptions::Transport::Tls);
        QCOMPARE(r.options->port, 6379);
        QVERIFY(!r.options->password);

        r = parseRedisUrl(QStringLiteral("redis://:legacy@h"));
        QCOMPARE(*r.options->password, QByteArray("legacy"));
        QVERIFY(r.options->user.isEmpty());

        r = parseRedisUrl(QStringLiteral("unix:///run/redis.sock?db=2"));
        QCOMPARE(r.options->transport, ConnectionOptions::Transport::Unix);
        QCOMPARE(r.options->socketPath, QStringLiteral("/run/redis.sock"));
        QCOMPARE(r.options->db, 2);

        QVERIFY(!parseRedisUrl(QStringLiteral("http://h")).options);
        QVERIFY(!parseRedisUrl(QStringLiteral("redis://h/notadb")).options);
        QVERIFY(parseRedisUrl(QStringLiteral("localhost:7000")).options);
    }

    // A master name holding what a URL treats specially reads back as itself
    // from the URL Pelscope writes for it (the connection dialog's and the
    // saved profile's round trip).
    void sentinelMasterNameRoundTrips()
    {
        const QByteArray master = "orders/main?x=1#%2F%1";
        auto r = parseRedisUrl(QStringLiteral("redis+sentinel://s1:26379/") + QString::fromLatin1(master.toPercentEncoding()));
        QVERIFY2(r.options && r.options->sentinel, qPrintable(r.error));
        QCOMPARE(r.options->sentinel->masterName, master);
        auto again = parseRedisUrl(r.options->redactedUrl());
        QVERIFY2(again.options && again.options->sentinel, qPrintable(again.error + QLatin1Char(' ') + r.options->redactedUrl()));
        QCOMPARE(again.options->sentinel->masterName, master);
    }

    void sentinelUrls()
    {
        auto r = parseRedisUrl(QStringLiteral("redis+sentinel://mon:s%40cret@s1:26379,[::1]:26380,s3/orders-main/2"
                                              "?sentinel_user=sen&sentinel_password=t0p"));
        QVERIFY2(r.options, qPrintable(r.error));
        const ConnectionOptions &o = *r.options;
        QVERIFY(o.sentinel);
        QCOMPARE(o.transport, ConnectionOptions::Transport::Tcp);
        QCOMPARE(o.sentinel->sentinels.size(), 3);
        QCOMPARE(o.sentinel->sentinels[0].host, QStringLiteral("s1"));
        QCOMPARE(o.sentinel->sentinels[1].host, QStringLiteral("::1"));
        QCOMPARE(o.sentinel->sentinels[1].port, 26380);
        QCOMPARE(o.sentinel->sentinels[2].port, 26379);
        QCOMPARE(o.sentinel->masterName, QByteArray("orders-main"));
        QCOMPARE(o.db, 2);
        QCOMPARE(o.user, QByteArray("mon"));
        QCOMPARE(*o.password, QByteArray("s@cret"));
        QCOMPARE(o.sentinel->user, QByteArray("sen"));
        QCOMPARE(*o.sentinel->password, QByteArray("t0p"));
        QCOMPARE(o.redactedUrl(), QStringLiteral("redis+sentinel://mon:***@s1:26379,[::1]:26380,s3:26379/orders-main/2"
                                                 "?sentinel_user=sen&sentinel_password=***"));
        QVERIFY(!o.redactedUrl().contains(QStringLiteral("cret")) && !o.redactedUrl().contains(QStringLiteral("t0p")));
        QVERIFY(o.address().contains(QStringLiteral("orders-main"))); // not resolved yet: no host to name

        r = parseRedisUrl(QStringLiteral("rediss+sentinel://s1/m"));
        QVERIFY(r.options && r.options->sentinel);
        QCOMPARE(r.options->transport, ConnectionOptions::Transport::Tls);
        QVERIFY(!r.options->password && !r.options->sentinel->password);
        QCOMPARE(r.options->redactedUrl(), QStringLiteral("rediss+sentinel://s1:26379/m"));

        QVERIFY(!parseRedisUrl(QStringLiteral("redis+sentinel://s1:26379")).options);   // no master name
        QVERIFY(!parseRedisUrl(QStringLiteral("redis+sentinel:///m")).options);         // no sentinel
        QVERIFY(!parseRedisUrl(QStringLiteral("redis+sentinel://s1:99999/m")).options); // bad port
        QVERIFY(!parseRedisUrl(QStringLiteral("redis+sentinel://s1/m/x")).options);     // bad db
        QVERIFY(!parseRedisUrl(QStringLiteral("redis://h")).options->sentinel);
    }

    void respRoundTripAndChunking()
    {
        const QByteArray wire = encodeCommand({"SET", QByteArray("k\0\xff", 3), ""});
        QCOMPARE(wire, QByteArray("*3\r\n$3\r\nSET\r\n$3\r\nk\0\xff\r\n$0\r\n\r\n", 28));

        const QByteArray reply("*3\r\n$5\r\nhello\r\n:42\r\n*2\r\n$-1\r\n-ERR bad\r\n");
        RespDecoder d;
        std::optional<RedisReply> out;
        for (char c : reply) { // one byte at a time
            QVERIFY(d.feed(&c, 1));
            if (auto r = d.next())
                out = r;
        }
        QVERIFY(out);
        QCOMPARE(out->size(), 3);
        QCOMPARE(out->at(0).bytes(), QByteArray("hello"));
        QCOMPARE(out->at(1).integer(), 42);
        QVERIFY(out->at(2).at(0).isNil());
        QCOMPARE(out->at(2).at(1).errorCode(), QByteArray("ERR"));
    }

    void respGarbageIsAnErrorNotACrash()
    {
        RespDecoder d;
        const QByteArray bad("?what\r\n");
        d.feed(bad.constData(), bad.size());
        QVERIFY(!d.next());
        QVERIFY(d.hasError());

        RespDecoder deep;
        const QByteArray nested = QByteArray("*1\r\n").repeated(12) + ":1\r\n";
        deep.feed(nested.constData(), nested.size());
        QVERIFY(!deep.next());
        QVERIFY(deep.hasError());
    }
};

PELSCOPE_UNIT_TEST(TestTransport)
#include "tst_transport.moc"
