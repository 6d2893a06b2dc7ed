// TLS through QSslSocket against Debian's TLS-enabled redis-server, with
// certificates generated at test time.
#include "cli_process.h"
#include "poll_once.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "tls_fixture.h"

#include <QSignalSpy>
#include <QTest>

#include "polling/connection_poller.h"

using namespace pelscope;
using namespace pelscope::test;

class TestTls : public QObject
{
    Q_OBJECT
private:
    TlsFixture m_certs;

    std::unique_ptr<RedisServer> startServer(const QString &authClients)
    {
        RedisServer::Options o;
        o.tls = true;
        o.unixSocket = true; // readiness probe and fixtures go through it
        o.extraArgs = {QStringLiteral("--tls-cert-file"),    m_certs.serverCert(), QStringLiteral("--tls-key-file"),     m_certs.serverKey(),
                       QStringLiteral("--tls-ca-cert-file"), m_certs.caCert(),     QStringLiteral("--tls-auth-clients"), authClients};
        auto server = std::make_unique<RedisServer>(o);
        QString error;
        if (!server->start(&error)) {
            qWarning("%s", qPrintable(error));
            return nullptr;
        }
        RedisOracle db;
        db.connectUnix(server->socketPath());
        db.command({"XADD", "secure", "*", "a", "1"});
        db.command({"XGROUP", "CREATE", "secure", "g", "0"});
        return server;
    }

    // A one-shot poll with explicit TLS options; returns the error text, or
    // empty on success (and checks the snapshot then).
    QString poll(const RedisServer &server, TlsOptions tls)
    {
        ConnectionOptions o = optionsFor(server.url());
        o.tls = tls;
        o.connectTimeoutMs = 5000;
        ProbeConfig config;
        config.oneShot = true;
        ConnectionPoller poller(o, config);
        poller.setSingleShot(true);
        poller.setAutoReconnect(false);
        QSignalSpy snaps(&poller, &ConnectionPoller::snapshotReady);
        QSignalSpy fails(&poller, &ConnectionPoller::pollFailed);
        poller.start();
        for (int i = 0; i < 100 && snaps.isEmpty() && fails.isEmpty(); ++i)
            snaps.wait(100);
        if (!fails.isEmpty())
            return fails.first().first().value<RedisError>().message;
        if (snaps.isEmpty())
            return QStringLiteral("no reply");
        const Snapshot s = snaps.first().first().value<Snapshot>();
        return s.group("secure", "g") ? QString() : QStringLiteral("snapshot without the group");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_certs.generate(&error), qPrintable(error));
    }

    void verifiedWithTheRightCa()
    {
        auto server = startServer(QStringLiteral("no"));
        QVERIFY(server);
        QCOMPARE(poll(*server, TlsOptions{m_certs.caCert(), {}, {}, {}, false}), QString());
    }

    void wrongCaFailsWithTheReason()
    {
        auto server = startServer(QStringLiteral("no"));
        QVERIFY(server);
        const QString error = poll(*server, TlsOptions{m_certs.otherCaCert(), {}, {}, {}, false});
        QVERIFY2(error.contains(QStringLiteral("TLS handshake")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("certificate"), Qt::CaseInsensitive), qPrintable(error));
        // --insecure skips verification, loudly, and works.
        QCOMPARE(poll(*server, TlsOptions{m_certs.otherCaCert(), {}, {}, {}, true}), QString());
    }

    // --insecure was said only in the window's dialog (issue 47, item 7): the
    // status every connection publishes carries it (the window's status line
    // says it), and every command-line run warns on stderr.
    void insecureIsSaidWhereverTheConnectionIs()
    {
        auto server = startServer(QStringLiteral("no"));
        QVERIFY(server);
        ConnectionOptions o = optionsFor(server->url());
        o.tls = TlsOptions{m_certs.otherCaCert(), {}, {}, {}, true};
        ProbeConfig config;
        config.oneShot = true;
        ConnectionPoller poller(o, config);
        poller.setSingleShot(true);
        poller.setAutoReconnect(false);
        QSignalSpy status(&poller, &ConnectionPoller::statusChanged);
        QSignalSpy snaps(&poller, &ConnectionPoller::snapshotReady);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(!snaps.isEmpty(), 10000);
        QVERIFY(!status.isEmpty());
        QVERIFY(status.last().first().value<ConnectionStatus>().certificateUnverified);

        const ProcessRun run = runProcess(QStringLiteral(PELSCOPE_CLI_PATH),
                                          {QStringLiteral("--url"), server->url(), QStringLiteral("--insecure"), QStringLiteral("check")});
        QVERIFY2(run.err.contains("pelscope-cli: warning: the server's TLS certificate is not verified (--insecure)"), run.err.constData());
        const ProcessRun verified = runProcess(QStringLiteral(PELSCOPE_CLI_PATH), {QStringLiteral("--url"), server->url(), QStringLiteral("--cacert"),
                                                                                    m_certs.caCert(), QStringLiteral("check")});
        QVERIFY2(!verified.err.contains("not verified"), verified.err.constData());
        QVERIFY2(verified.exitCode == run.exitCode, (run.out + verified.out).constData());
    }

    void sniNameMustMatch()
    {
        auto server = startServer(QStringLiteral("no"));
        QVERIFY(server);
        QCOMPARE(poll(*server, TlsOptions{m_certs.caCert(), {}, {}, QStringLiteral("localhost"), false}), QString());
        const QString error = poll(*server, TlsOptions{m_certs.caCert(), {}, {}, QStringLiteral("db.example.com"), false});
        QVERIFY2(error.contains(QStringLiteral("host name"), Qt::CaseInsensitive), qPrintable(error));
    }

    void serverRequiringClientCertificates()
    {
        auto server = startServer(QStringLiteral("yes"));
        QVERIFY(server);
        const QString error = poll(*server, TlsOptions{m_certs.caCert(), {}, {}, {}, false});
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(QStringLiteral("client certificate")) || error.contains(QStringLiteral("TLS")), qPrintable(error));
        QCOMPARE(poll(*server, TlsOptions{m_certs.caCert(), m_certs.clientCert(), m_certs.clientKey(), {}, false}), QString());
    }
};

QTEST_GUILESS_MAIN(TestTls)
#include "tst_tls.moc"
