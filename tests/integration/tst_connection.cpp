// The transport against real servers: auth, ACL, unix sockets, pipelining,
// deadlines on a frozen server, garbage on the wire, huge values.
#include "poll_once.h"
#include "redis/redis_connection.h"
#include "redis_oracle.h"
#include "redis_server.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

struct Outcome
{
    RedisReplies replies;
    RedisError error;
    bool done = false;
};

// Runs one batch on a fresh connection; waits in the test's event loop.
Outcome run(const ConnectionOptions &options, const RedisBatch &batch, int timeoutMs = -1)
{
    RedisConnection connection(options);
    connection.setAutoReconnect(false);
    Outcome out;
    QObject context;
    connection.open();
    connection.execute(
        batch, &context,
        [&](const RedisReplies &r, const RedisError &e) {
            out.replies = r;
            out.error = e;
            out.done = true;
        },
        timeoutMs);
    for (int i = 0; i < 300 && !out.done; ++i)
        QTest::qWait(100);
    return out;
}

ConnectionOptions withUrl(const QString &url)
{
    ConnectionOptions o = parseRedisUrl(url).options.value();
    o.commandTimeoutMs = 5000;
    return o;
}

} // namespace

class TestConnection : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pipelinedRepliesArriveInOrder()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisBatch batch;
        for (int i = 0; i < 500; ++i)
            batch.append({"ECHO", QByteArray::number(i)});
        RedisConnection connection(withUrl(server.url()));
        Outcome out;
        QObject ctx;
        connection.open();
        connection.execute(batch, &ctx, [&](const RedisReplies &r, const RedisError &e) { out = {r, e, true}; });
        QTRY_VERIFY_WITH_TIMEOUT(out.done, 10000);
        QVERIFY(!out.error.isError());
        QCOMPARE(out.replies.size(), 500);
        for (int i = 0; i < 500; ++i)
            QCOMPARE(out.replies.at(i).bytes(), QByteArray::number(i));
        QCOMPARE(connection.roundTrips(), 2); // the handshake, then the batch
        // CLIENT SETNAME happened on connect.
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QVERIFY(db.command({"CLIENT", "LIST"}).bytes().contains("name=pelscope"));
    }

    void wrongPasswordIsNamed()
    {
        RedisServer server(RedisServer::Options{false, true, {QStringLiteral("--requirepass"), QStringLiteral("right")}, false, {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        ConnectionOptions o = withUrl(server.url());
        o.password = QByteArray("wrong");
        Outcome out = run(o, {{"PING"}});
        QCOMPARE(out.error.kind, RedisError::Kind::AuthFailed);
        QVERIFY2(out.error.message.contains(QStringLiteral("wrong password")), qPrintable(out.error.message));
        QVERIFY(!out.error.message.contains(QStringLiteral("wrong\"")));

        o.password.reset();
        out = run(o, {{"PING"}});
        QCOMPARE(out.error.kind, RedisError::Kind::AuthRequired);

        o.password = QByteArray("right");
        out = run(o, {{"PING"}});
        QVERIFY(!out.error.isError());
        QCOMPARE(out.replies.first().bytes(), QByteArray("PONG"));
    }

    void monitorAclUserGetsACompleteSnapshot()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        // The least-privilege user documented in README.md.
        const QList<QByteArray> acl =
            QByteArray("ACL SETUSER pelscope-monitor on >mon-pass resetkeys %R~* resetchannels -@all +ping +info +hello +client|setname "
                       "+client|id +select +scan +type +time +xinfo +xpending +xrange +xrevrange +xlen +zcard +zcount +zrange +zrangebyscore +llen +lrange +lindex +exists +pttl +hget +hmget +hgetall +hlen +scard +sscan +smembers +zrevrange +role +readonly +cluster|info "
                       "+cluster|slots +cluster|shards +cluster|nodes")
                .split(' ');
        QCOMPARE(db.command(acl).bytes(), QByteArray("OK"));
        db.command({"XADD", "s", "*", "a", "1"});
        db.command({"XGROUP", "CREATE", "s", "g", "0"});
        db.command({"XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">"});
        db.command({"ZADD", "delayed_queue", "1706649000", "task:abc123"});
        // X:processing, not the bare "processing": that pairs only when one other list exists.
        db.command({"LPUSH", "myqueue:processing", "{\"timestamp\":1706649000}"});
        db.command({"RPUSH", "myqueue", "x"});
        // An RQ queue with a job, so the framework readers run under this user too.
        db.command({"SADD", "rq:queues", "rq:queue:default"});
        db.command({"RPUSH", "rq:queue:default", "job-1"});
        db.command({"HSET", "rq:job:job-1", "status", "queued", "enqueued_at", "2026-12-05T00:00:00.000000Z"});

        const QString url = QStringLiteral("redis://pelscope-monitor:mon-pass@127.0.0.1:%1").arg(server.port());
        const Snapshot snap = pollOnce(url, {}, &error);
        QVERIFY2(!snap.isNull(), qPrintable(error));
        QVERIFY2(snap->warning.isEmpty(), qPrintable(snap->warning));
        const GroupSnapshot *g = snap.group("s", "g");
        QVERIFY(g);
        QCOMPARE(*g->pending, 1);
        QCOMPARE(g->consumerList.size(), 1);
        QVERIFY(g->pendingMaxId.has_value());
        // The queues, found by name and read whole (docs/QUEUES.md).
        QCOMPARE(snap->delayedQueues.size(), 1);
        QVERIFY2(snap->delayedQueues.first().error.isEmpty(), qPrintable(snap->delayedQueues.first().error));
        QCOMPARE(*snap->delayedQueues.first().due, 1);
        QCOMPARE(snap->listQueues.size(), 1);
        QVERIFY2(snap->listQueues.first().error.isEmpty(), qPrintable(snap->listQueues.first().error));
        QCOMPARE(*snap->listQueues.first().processingLength, 1);
        QVERIFY(!snap->jobQueues.isEmpty());
        for (const JobQueueSnapshot &q : snap->jobQueues)
            QVERIFY2(q.error.isEmpty(), qPrintable(q.error));
        QCOMPARE(*snap->jobQueues.first().waiting, 1);

        // The monitor user cannot write: the server, not Pelscope, says so.
        ConnectionOptions o = withUrl(url);
        Outcome out = run(o, {{"XADD", "s", "*", "x", "y"}});
        QVERIFY(out.replies.first().isError());
        QCOMPARE(describeReplyError({"XADD"}, out.replies.first()).kind, RedisError::Kind::NoPermission);

        o.password = QByteArray("nope");
        out = run(o, {{"PING"}});
        QCOMPARE(out.error.kind, RedisError::Kind::AuthFailed);
        QVERIFY(out.error.message.contains(QStringLiteral("pelscope-monitor")));
    }

    void unixSocketAndDatabaseSelection()
    {
        RedisServer server(RedisServer::Options{true, false, {}, false, {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUnix(server.socketPath()));
        db.command({"SELECT", "2"});
        db.command({"XADD", "in-db-2", "*", "a", "1"});
        const Snapshot snap = pollOnce(QStringLiteral("unix://%1?db=2").arg(server.socketPath()), {}, &error);
        QVERIFY2(!snap.isNull(), qPrintable(error));
        QCOMPARE(snap->streams.size(), 1);
        QCOMPARE(snap->streams.first().key, QByteArray("in-db-2"));

        Outcome out = run(withUrl(QStringLiteral("unix://%1?db=99").arg(server.socketPath())), {{"PING"}});
        QVERIFY(out.error.isError());
        QVERIFY2(out.error.message.contains(QStringLiteral("database 99")), qPrintable(out.error.message));
    }

    void refusedAndMissingAreClear()
    {
        Outcome out = run(withUrl(QStringLiteral("redis://127.0.0.1:%1").arg(RedisServer::freePort())), {{"PING"}});
        QCOMPARE(out.error.kind, RedisError::Kind::Refused);
        QVERIFY(out.error.message.contains(QStringLiteral("connection refused")));
        out = run(withUrl(QStringLiteral("unix:///nonexistent/redis.sock")), {{"PING"}});
        QCOMPARE(out.error.kind, RedisError::Kind::Refused);
        QVERIFY(out.error.message.contains(QStringLiteral("/nonexistent/redis.sock")));
    }

    void frozenServerHitsTheDeadline()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        ConnectionOptions o = withUrl(server.url());
        o.commandTimeoutMs = 700;
        RedisConnection connection(o);
        connection.setAutoReconnect(false);
        QSignalSpy ready(&connection, &RedisConnection::ready);
        connection.open();
        QVERIFY(ready.wait(5000));

        server.freeze();
        QElapsedTimer clock;
        clock.start();
        Outcome out;
        QObject ctx;
        connection.execute({{"PING"}}, &ctx, [&](const RedisReplies &r, const RedisError &e) { out = {r, e, true}; });
        QTRY_VERIFY_WITH_TIMEOUT(out.done, 5000);
        const qint64 waited = clock.elapsed();
        server.thaw();
        QCOMPARE(out.error.kind, RedisError::Kind::Timeout);
        QVERIFY2(waited >= 650 && waited < 3000, qPrintable(QString::number(waited)));
        QCOMPARE(connection.state(), RedisConnection::State::Disconnected);
    }

    void garbageOnTheWireDropsTheConnection_data()
    {
        QTest::addColumn<QByteArray>("reply");
        QTest::newRow("invalid type byte") << QByteArray("?hello\r\n");
        QTest::newRow("nested too deep") << QByteArray("*1\r\n").repeated(12) + ":1\r\n";
        QTest::newRow("bad bulk length") << QByteArray("$abc\r\n");
    }

    void garbageOnTheWireDropsTheConnection()
    {
        QFETCH(QByteArray, reply);
        // A fake server that answers every handshake command with garbage.
        QTcpServer fake;
        QVERIFY(fake.listen(QHostAddress::LocalHost));
        connect(&fake, &QTcpServer::newConnection, &fake, [&] {
            QTcpSocket *peer = fake.nextPendingConnection();
            connect(peer, &QTcpSocket::readyRead, peer, [peer, reply] {
                peer->readAll();
                peer->write(reply);
            });
        });
        Outcome out = run(withUrl(QStringLiteral("redis://127.0.0.1:%1").arg(fake.serverPort())), {{"PING"}});
        QCOMPARE(out.error.kind, RedisError::Kind::Protocol);
        QVERIFY2(out.error.message.contains(QStringLiteral("protocol error")), qPrintable(out.error.message));
    }

    void hugeValuesPassAndAreRationed()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        const QByteArray big(32 * 1024 * 1024, '\xfe');
        QVERIFY(!db.command({"XADD", "huge", "*", "blob", big}).isError());
        db.command({"XGROUP", "CREATE", "huge", "g", "0"});
        db.command({"CONFIG", "RESETSTAT"});
        QString pollError;
        const QList<Snapshot> ticks = pollTicks(server.url(), 4, 100, {}, &pollError);
        QVERIFY2(ticks.size() == 4, qPrintable(pollError));
        QCOMPARE(*ticks.last().stream("huge")->length, 1);
        // One XINFO STREAM (64 MB: first and last entry are the same 32 MB
        // entry); later ticks fall back to XLEN instead of pulling it again.
        QVERIFY(ticks.last()->stats.bytesIn < 1024 * 1024);
        const auto stats = db.commandStats();
        QCOMPARE(stats.value(QStringLiteral("xinfo|stream")).calls, 1);
        QVERIFY(stats.value(QStringLiteral("xlen")).calls >= 3);
    }
};

QTEST_GUILESS_MAIN(TestConnection)
#include "tst_connection.moc"
