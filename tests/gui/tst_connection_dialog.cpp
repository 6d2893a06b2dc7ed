// The connection dialog offscreen, against a real redis-server: profiles round
// trip through QSettings without the password, the settings file is owner-only,
// "Test" reports what INFO says (or the exact error) without blocking, and the
// URL and the separate fields stay in step. The keychain is whatever the machine
// has; without one the dialog must say the password will be asked each time.
#include "dialogs/connection_dialog.h"
#include "profiles/connection_profile_store.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "snapshot/format.h"
#include "test_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace pelscope;
using namespace pelscope::test;

namespace {

constexpr int kKeychainTimeoutMs = 40'000; // D-Bus calls may take their full 25 s to fail
const char kPassword[] = "S3cr3t-pa55-Zq9";

template<class T>
T *child(const QObject &parent, const char *name)
{
    T *w = parent.findChild<T *>(QLatin1String(name));
    if (!w)
        qFatal("no child %s", name);
    return w;
}

int fileMode(const QString &path)
{
    struct stat st
    {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

void typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
}

// The keychain's answer to the last job, whatever it was.
struct KeychainWatch
{
    explicit KeychainWatch(ConnectionProfileStore *store)
        : written(store, &ConnectionProfileStore::passwordWritten)
        , read(store, &ConnectionProfileStore::passwordRead)
        , notFound(store, &ConnectionProfileStore::passwordNotFound)
        , unavailable(store, &ConnectionProfileStore::keychainUnavailable)
    {}
    int answers() const { return int(written.size() + read.size() + notFound.size() + unavailable.size()); }
    QSignalSpy written, read, notFound, unavailable;
};

} // namespace

class TestConnectionDialog : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_config;
    QString m_service = QStringLiteral("pelscope-test-%1").arg(QCoreApplication::applicationPid());

    // Every test starts from an empty settings file.
    void clearSettings()
    {
        QSettings s;
        s.clear();
        s.sync();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        QVERIFY2(useSettingsIn(m_config.path(), QStringLiteral("tst_connection_dialog")), qPrintable(QSettings().fileName()));
        QVERIFY2(!RedisServer::executable().isEmpty(), "redis-server not found: apt install redis-server");
    }

    void init() { clearSettings(); }

    void profileRoundTripKeepsPasswordOutOfSettings()
    {
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));

        typeInto(child<QLineEdit>(dialog, "nameEdit"), QStringLiteral("orders/prod"));
        typeInto(child<QLineEdit>(dialog, "urlEdit"), QStringLiteral("redis://alice:%1@db.example:6390/3").arg(QLatin1String(kPassword)));
        child<QComboBox>(dialog, "colorTagCombo")->setCurrentIndex(1);
        child<QRadioButton>(dialog, "listRadio")->setChecked(true);
        child<QPlainTextEdit>(dialog, "streamsEdit")->setPlainText(QStringLiteral("orders\n\nemails\n"));
        child<QDoubleSpinBox>(dialog, "pollSpin")->setValue(2.5);
        child<QPlainTextEdit>(dialog, "thresholdsEdit")->setPlainText(QStringLiteral("oldest_idle_warn=2m\nlag_crit=50000"));
        typeInto(child<QLineEdit>(dialog, "prometheusEdit"), QStringLiteral("http://prometheus.example:9090"));
        QCOMPARE(child<QLineEdit>(dialog, "passwordEdit")->text(), QLatin1String(kPassword));
        QCOMPARE(dialog.validationError(), QString());

        KeychainWatch keychain(&store);
        QCOMPARE(dialog.saveProfile(), QString());
        QTRY_VERIFY_WITH_TIMEOUT(keychain.answers() > 0, kKeychainTimeoutMs);
        const bool haveKeychain = keychain.written.size() == 1;
        qInfo("keychain: %s", haveKeychain ? "available" : qPrintable(QStringLiteral("unavailable (%1)").arg(store.keychainError())));
        const QString note = child<QLabel>(dialog, "keychainLabel")->text();
        if (!haveKeychain) {
            QCOMPARE(keychain.unavailable.size(), 1);
            QVERIFY2(note.contains(QStringLiteral("asked each time")), qPrintable(note));
            QCOMPARE(store.keychainState(), ConnectionProfileStore::KeychainState::Unavailable);
        } else {
            QVERIFY2(note.contains(QStringLiteral("keychain")), qPrintable(note));
        }

        // The file holds the profile, never the password.
        QFile file(store.settingsFileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray contents = file.readAll();
        QVERIFY(contents.contains("db.example"));
        QVERIFY2(!contents.contains(kPassword), contents.constData());
        QVERIFY(!contents.contains(QByteArray(kPassword).toPercentEncoding()));
        QVERIFY(!contents.contains(QByteArray(kPassword).toBase64()));

        // A fresh store and dialog read back what was saved.
        ConnectionProfileStore again(nullptr, m_service);
        const auto saved = again.profile(QStringLiteral("orders/prod"));
        QVERIFY(saved);
        QCOMPARE(saved->url, QStringLiteral("redis://db.example:6390/3"));
        QCOMPARE(saved->user, QStringLiteral("alice"));
        QCOMPARE(saved->colorTag, ConnectionProfile::ColorTag::Production);
        QCOMPARE(saved->streams, (QStringList{QStringLiteral("orders"), QStringLiteral("emails")}));
        QCOMPARE(saved->pollIntervalMs, 2500);
        QCOMPARE(saved->thresholds, (QStringList{QStringLiteral("oldest_idle_warn=2m"), QStringLiteral("lag_crit=50000")}));
        QCOMPARE(saved->prometheusUrl, QStringLiteral("http://prometheus.example:9090"));
        QCOMPARE(*saved, dialog.profile());
        QString error;
        const ProbeConfig probe = saved->probeConfig(&error);
        QCOMPARE(error, QString());
        QCOMPARE(probe.thresholds.oldestIdleWarnMs, qint64(120'000));
        QCOMPARE(probe.thresholds.lagCrit, qint64(50'000));
        QCOMPARE(probe.streams, (QList<QByteArray>{"orders", "emails"}));

        ConnectionDialog reopened(&again);
        KeychainWatch readBack(&again);
        QVERIFY(reopened.selectProfile(QStringLiteral("orders/prod")));
        QCOMPARE(child<QLineEdit>(reopened, "hostEdit")->text(), QStringLiteral("db.example"));
        QCOMPARE(child<QSpinBox>(reopened, "portSpin")->value(), 6390);
        QCOMPARE(child<QSpinBox>(reopened, "dbSpin")->value(), 3);
        QCOMPARE(child<QLineEdit>(reopened, "userEdit")->text(), QStringLiteral("alice"));
        QCOMPARE(child<QLineEdit>(reopened, "urlEdit")->text(), QStringLiteral("redis://alice@db.example:6390/3"));
        QVERIFY(child<QRadioButton>(reopened, "listRadio")->isChecked());
        QCOMPARE(reopened.profile(), *saved);
        QTRY_VERIFY_WITH_TIMEOUT(readBack.answers() > 0, kKeychainTimeoutMs);
        if (haveKeychain) {
            QCOMPARE(readBack.read.size(), 1);
            QCOMPARE(child<QLineEdit>(reopened, "passwordEdit")->text(), QLatin1String(kPassword));
            QCOMPARE(reopened.options().password, std::optional<QByteArray>(kPassword));
            again.remove(QStringLiteral("orders/prod")); // and its keychain entry
        } else {
            QCOMPARE(readBack.unavailable.size(), 1);
            QCOMPARE(child<QLineEdit>(reopened, "passwordEdit")->text(), QString());
            const QString text = child<QLabel>(reopened, "keychainLabel")->text();
            QVERIFY2(text.contains(QStringLiteral("asked each time")), qPrintable(text));
            QVERIFY(!reopened.options().password.has_value());
        }
    }

    void settingsFileIsOwnerOnly()
    {
        const QString path = QSettings().fileName();
        {
            QSettings s;
            s.setValue(QStringLiteral("window/lastPage"), QStringLiteral("overview"));
        }
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
        QCOMPARE(fileMode(path), 0644);

        ConnectionProfileStore store(nullptr, m_service);
        ConnectionProfile p;
        p.name = QStringLiteral("dev box");
        p.url = QStringLiteral("redis://127.0.0.1:6379");
        p.colorTag = ConnectionProfile::ColorTag::Dev;
        QCOMPARE(store.save(p), QString());
        QCOMPARE(fileMode(path), 0600);
        store.addRecent(p);
        QCOMPARE(fileMode(path), 0600);
        QCOMPARE(QSettings().value(QStringLiteral("window/lastPage")).toString(), QStringLiteral("overview"));

        // Bad input is refused with a message, not written.
        p.url = QStringLiteral("redis://host:notaport");
        QVERIFY(!store.save(p).isEmpty());
        p.url = QStringLiteral("redis://127.0.0.1");
        p.thresholds = {QStringLiteral("lag_warn=lots")};
        QVERIFY(store.save(p).contains(QStringLiteral("lag_warn")));
        QCOMPARE(store.profile(QStringLiteral("dev box"))->url, QStringLiteral("redis://127.0.0.1:6379"));
    }

    void recentKeepsEightMostRecentFirst()
    {
        ConnectionProfileStore store(nullptr, m_service);
        QSignalSpy changed(&store, &ConnectionProfileStore::recentChanged);
        for (int i = 0; i < 10; ++i) {
            ConnectionProfile p;
            p.url = QStringLiteral("redis://10.0.0.%1:6379").arg(i);
            store.addRecent(p);
        }
        ConnectionProfile again;
        again.url = QStringLiteral("redis://10.0.0.5:6379");
        store.addRecent(again);
        QCOMPARE(changed.size(), 11);
        const QList<ConnectionProfile> recent = store.recent();
        QCOMPARE(recent.size(), 8);
        QStringList urls;
        for (const ConnectionProfile &p : recent)
            urls << p.url;
        QCOMPARE(urls, (QStringList{QStringLiteral("redis://10.0.0.5:6379"), QStringLiteral("redis://10.0.0.9:6379"),
                                    QStringLiteral("redis://10.0.0.8:6379"), QStringLiteral("redis://10.0.0.7:6379"),
                                    QStringLiteral("redis://10.0.0.6:6379"), QStringLiteral("redis://10.0.0.4:6379"),
                                    QStringLiteral("redis://10.0.0.3:6379"), QStringLiteral("redis://10.0.0.2:6379")}));

        // Accepting the dialog records the connection, without its password.
        ConnectionDialog dialog(&store);
        typeInto(child<QLineEdit>(dialog, "urlEdit"), QStringLiteral("redis://:%1@10.1.1.1:7000").arg(QLatin1String(kPassword)));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.options().password, std::optional<QByteArray>(kPassword));
        QCOMPARE(store.recent().first().url, QStringLiteral("redis://10.1.1.1:7000"));
        QFile file(store.settingsFileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains(kPassword));
    }

    void testButtonShowsVersionFromInfo()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle oracle;
        QVERIFY(oracle.connectUrl(server.url()));
        const QString version = oracle.serverVersion();
        QVERIFY(!version.isEmpty());

        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        typeInto(child<QLineEdit>(dialog, "urlEdit"), server.url());
        QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
        QTest::mouseClick(child<QPushButton>(dialog, "testButton"), Qt::LeftButton);
        // The click returned before the server answered: nothing waited.
        QVERIFY(dialog.isTesting());
        QCOMPARE(finished.size(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10'000);
        QVERIFY(finished.at(0).at(0).toBool());
        const QString text = child<QLabel>(dialog, "testResultLabel")->text();
        QVERIFY2(text.contains(productName(oracle.serverProduct()) + QLatin1Char(' ') + version), qPrintable(text)); // "Valkey 8.0.1" on Valkey
        QVERIFY2(text.contains(QStringLiteral("standalone")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("round trip")) && text.contains(QStringLiteral(" ms")), qPrintable(text));
        QVERIFY(!dialog.isTesting());
    }

    void testButtonShowsConnectionRefused()
    {
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        const quint16 port = RedisServer::freePort(); // nothing listens there
        typeInto(child<QLineEdit>(dialog, "urlEdit"), QStringLiteral("redis://127.0.0.1:%1").arg(port));
        QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
        QTest::mouseClick(child<QPushButton>(dialog, "testButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10'000);
        QVERIFY(!finished.at(0).at(0).toBool());
        const QString text = child<QLabel>(dialog, "testResultLabel")->text();
        QVERIFY2(text.contains(QStringLiteral("connection refused")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("127.0.0.1:%1").arg(port)), qPrintable(text));
    }

    void testButtonShowsAuthErrorThenSucceedsWithPassword()
    {
        RedisServer server(RedisServer::Options{false, true, {QStringLiteral("--requirepass"), QStringLiteral("hunter2")}, false, {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        typeInto(child<QLineEdit>(dialog, "urlEdit"), server.url());
        QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
        auto *test = child<QPushButton>(dialog, "testButton");

        QTest::mouseClick(test, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10'000);
        QVERIFY(!finished.at(0).at(0).toBool());
        QVERIFY2(finished.at(0).at(1).toString().contains(QStringLiteral("password")), qPrintable(finished.at(0).at(1).toString()));

        typeInto(child<QLineEdit>(dialog, "passwordEdit"), QStringLiteral("nottheone-Xq7"));
        QTest::mouseClick(test, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 10'000);
        QVERIFY(!finished.at(1).at(0).toBool());
        QVERIFY(!finished.at(1).at(1).toString().contains(QStringLiteral("nottheone-Xq7"))); // the password never shows

        typeInto(child<QLineEdit>(dialog, "passwordEdit"), QStringLiteral("hunter2"));
        QTest::mouseClick(test, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 10'000);
        QVERIFY2(finished.at(2).at(0).toBool(), qPrintable(finished.at(2).at(1).toString()));
    }

    void secondClickCancelsTheTest()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        typeInto(child<QLineEdit>(dialog, "urlEdit"), server.url());
        QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
        auto *test = child<QPushButton>(dialog, "testButton");

        server.freeze(); // the TCP connect succeeds, the handshake never answers
        QTest::mouseClick(test, Qt::LeftButton);
        QVERIFY(dialog.isTesting());
        QTest::qWait(200);
        QVERIFY(dialog.isTesting());
        QTest::mouseClick(test, Qt::LeftButton);
        QVERIFY(!dialog.isTesting());
        QCOMPARE(child<QLabel>(dialog, "testResultLabel")->text(), QStringLiteral("Test cancelled."));
        server.thaw();
        QTest::qWait(300);
        QCOMPARE(finished.size(), 0); // the cancelled connection's late answer is ignored

        QTest::mouseClick(test, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10'000);
        QVERIFY(finished.at(0).at(0).toBool());
    }

    void urlAndFieldsAgree()
    {
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        auto *url = child<QLineEdit>(dialog, "urlEdit");
        auto *host = child<QLineEdit>(dialog, "hostEdit");
        auto *port = child<QSpinBox>(dialog, "portSpin");
        auto *db = child<QSpinBox>(dialog, "dbSpin");
        auto *user = child<QLineEdit>(dialog, "userEdit");
        auto *socket = child<QLineEdit>(dialog, "socketEdit");
        auto *tls = child<QGroupBox>(dialog, "tlsGroup");

        typeInto(url, QStringLiteral("rediss://bob@cache.internal:6380/2"));
        QCOMPARE(host->text(), QStringLiteral("cache.internal"));
        QCOMPARE(port->value(), 6380);
        QCOMPARE(db->value(), 2);
        QCOMPARE(user->text(), QStringLiteral("bob"));
        QVERIFY(tls->isChecked());
        QCOMPARE(socket->text(), QString());
        QCOMPARE(dialog.options().transport, ConnectionOptions::Transport::Tls);
        QCOMPARE(dialog.options().redactedUrl(), QStringLiteral("rediss://bob@cache.internal:6380/2"));

        // Fields rewrite the URL.
        port->setValue(7000);
        QCOMPARE(url->text(), QStringLiteral("rediss://bob@cache.internal:7000/2"));
        tls->setChecked(false);
        QCOMPARE(url->text(), QStringLiteral("redis://bob@cache.internal:7000/2"));
        typeInto(host, QStringLiteral("10.0.0.7"));
        QCOMPARE(url->text(), QStringLiteral("redis://bob@10.0.0.7:7000/2"));
        typeInto(child<QLineEdit>(dialog, "passwordEdit"), QStringLiteral("pw"));
        QVERIFY(!url->text().contains(QStringLiteral("pw")));
        QCOMPARE(*dialog.options().password, QByteArray("pw"));

        typeInto(url, QStringLiteral("unix:///tmp/redis.sock?db=4"));
        QCOMPARE(socket->text(), QStringLiteral("/tmp/redis.sock"));
        QCOMPARE(db->value(), 4);
        QCOMPARE(dialog.options().transport, ConnectionOptions::Transport::Unix);
        QCOMPARE(dialog.options().socketPath, QStringLiteral("/tmp/redis.sock"));
        QVERIFY(!host->isEnabled());

        typeInto(url, QStringLiteral("localhost"));
        QCOMPARE(socket->text(), QString());
        QCOMPARE(host->text(), QStringLiteral("localhost"));
        QCOMPARE(port->value(), 6379);
        QCOMPARE(dialog.validationError(), QString());

        // A bad URL is an inline message and a disabled Connect button, not a crash.
        auto *errorLabel = child<QLabel>(dialog, "errorLabel");
        auto *ok = child<QDialogButtonBox>(dialog, "buttonBox")->button(QDialogButtonBox::Ok);
        typeInto(url, QStringLiteral("redis://host:notaport"));
        QVERIFY(errorLabel->isVisibleTo(&dialog));
        QVERIFY2(errorLabel->text().startsWith(QStringLiteral("URL:")), qPrintable(errorLabel->text()));
        QVERIFY(!ok->isEnabled());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        typeInto(url, QStringLiteral("ftp://x"));
        QVERIFY(errorLabel->text().contains(QStringLiteral("unsupported scheme")));
        typeInto(url, QStringLiteral("redis://127.0.0.1:6379"));
        QVERIFY(!errorLabel->isVisibleTo(&dialog));
        QVERIFY(ok->isEnabled());
    }

    // Sentinel and read-from-replica have fields of their own, kept in step
    // with the URL both ways, and survive a saved profile.
    void sentinelAndReplicaFields()
    {
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        auto *url = child<QLineEdit>(dialog, "urlEdit");
        auto *sentinels = child<QLineEdit>(dialog, "sentinelsEdit");
        auto *master = child<QLineEdit>(dialog, "masterEdit");
        auto *replica = child<QCheckBox>(dialog, "replicaCheck");
        auto *host = child<QLineEdit>(dialog, "hostEdit");

        typeInto(url,
                 QStringLiteral("redis+sentinel://s1:26379,[::1]:26380/orders-main/2?sentinel_user=watch&sentinel_password=pw&read_from=replica"));
        QCOMPARE(sentinels->text(), QStringLiteral("s1:26379, [::1]:26380"));
        QCOMPARE(master->text(), QStringLiteral("orders-main"));
        QVERIFY(replica->isChecked());
        QVERIFY(!host->isEnabled()); // the sentinels say where the master is
        ConnectionOptions o = dialog.options();
        QVERIFY(o.sentinel);
        QCOMPARE(o.sentinel->sentinels.size(), 2);
        QCOMPARE(o.sentinel->sentinels.at(1).host, QStringLiteral("::1"));
        QCOMPARE(o.sentinel->sentinels.at(1).port, quint16(26380));
        QCOMPARE(o.sentinel->masterName, QByteArray("orders-main"));
        QCOMPARE(o.sentinel->user, QByteArray("watch"));
        QCOMPARE(o.sentinel->password.value_or(QByteArray()), QByteArray("pw"));
        QCOMPARE(o.db, 2);
        QVERIFY(o.readFromReplica);

        // Fields rewrite the URL; the sentinel password never shows in it.
        typeInto(master, QStringLiteral("payments-main"));
        QCOMPARE(url->text(), QStringLiteral("redis+sentinel://s1:26379,[::1]:26380/payments-main/2?sentinel_user=watch&read_from=replica"));
        QCOMPARE(dialog.options().sentinel->password.value_or(QByteArray()), QByteArray("pw"));
        replica->setChecked(false);
        QVERIFY(!url->text().contains(QStringLiteral("read_from")));
        master->selectAll();
        QTest::keyClick(master, Qt::Key_Delete); // as the operator empties it
        QVERIFY2(dialog.validationError().contains(QStringLiteral("master name")), qPrintable(dialog.validationError()));
        typeInto(master, QStringLiteral("payments-main"));
        QCOMPARE(dialog.validationError(), QString());

        // Emptying the sentinels goes back to a direct connection.
        sentinels->setFocus();
        sentinels->selectAll();
        QTest::keyClick(sentinels, Qt::Key_Delete);
        QVERIFY(host->isEnabled());
        QVERIFY(!dialog.options().sentinel);

        // A saved profile keeps the sentinels and the replica choice, never the sentinel password.
        typeInto(url, QStringLiteral("redis+sentinel://s1,s2/orders-main?sentinel_password=pw&read_from=replica"));
        typeInto(child<QLineEdit>(dialog, "nameEdit"), QStringLiteral("orders-sentinel"));
        ConnectionProfile p = dialog.profile();
        QVERIFY(!p.url.contains(QStringLiteral("pw")));
        QVERIFY(!p.url.contains(QStringLiteral("***")));
        QCOMPARE(store.save(p), QString());
        const ConnectionOptions back = store.profile(QStringLiteral("orders-sentinel"))->connectionOptions();
        QVERIFY(back.sentinel);
        QCOMPARE(back.sentinel->masterName, QByteArray("orders-main"));
        QVERIFY(back.readFromReplica);
        QVERIFY(!back.sentinel->password);
    }

    void validationErrorsAreInline()
    {
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        auto *errorLabel = child<QLabel>(dialog, "errorLabel");
        auto *ok = child<QDialogButtonBox>(dialog, "buttonBox")->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isEnabled());

        child<QPlainTextEdit>(dialog, "thresholdsEdit")->setPlainText(QStringLiteral("lag_warn=lots"));
        QVERIFY2(errorLabel->text().contains(QStringLiteral("lag_warn")), qPrintable(errorLabel->text()));
        QVERIFY(!ok->isEnabled());
        child<QPlainTextEdit>(dialog, "thresholdsEdit")->setPlainText(QStringLiteral("no_such_key=1"));
        QVERIFY(errorLabel->text().contains(QStringLiteral("unknown threshold")));
        child<QPlainTextEdit>(dialog, "thresholdsEdit")->clear();
        QVERIFY(ok->isEnabled());

        child<QLineEdit>(dialog, "prometheusEdit")->setText(QStringLiteral("prometheus:9090"));
        QVERIFY2(errorLabel->text().contains(QStringLiteral("Prometheus")), qPrintable(errorLabel->text()));
        QVERIFY(!ok->isEnabled());
        child<QLineEdit>(dialog, "prometheusEdit")->clear();
        QVERIFY(ok->isEnabled());

        child<QRadioButton>(dialog, "listRadio")->setChecked(true);
        QVERIFY(errorLabel->text().contains(QStringLiteral("at least one stream")));
        child<QRadioButton>(dialog, "discoverRadio")->setChecked(true);
        QVERIFY(ok->isEnabled());

        auto *host = child<QLineEdit>(dialog, "hostEdit");
        host->setFocus();
        host->selectAll();
        QTest::keyClick(host, Qt::Key_Backspace);
        QCOMPARE(host->text(), QString());
        QVERIFY(errorLabel->text().contains(QStringLiteral("host")));
        typeInto(child<QLineEdit>(dialog, "hostEdit"), QStringLiteral("h"));

        child<QGroupBox>(dialog, "tlsGroup")->setChecked(true);
        child<QLineEdit>(dialog, "caEdit")->setText(QStringLiteral("/nonexistent/ca.pem"));
        QVERIFY(errorLabel->text().contains(QStringLiteral("CA file")));
        QVERIFY(!ok->isEnabled());
        child<QLineEdit>(dialog, "caEdit")->clear();

        // Saving needs a name; the message is inline too.
        QVERIFY(!dialog.saveProfile().isEmpty());
        QVERIFY(errorLabel->text().contains(QStringLiteral("profile name")));
        QVERIFY(store.profiles().isEmpty());
    }

    void verifyOffIsLoud()
    {
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionDialog dialog(&store);
        dialog.show();
        auto *warning = child<QLabel>(dialog, "verifyWarningLabel");
        QVERIFY(!warning->isVisibleTo(&dialog));
        typeInto(child<QLineEdit>(dialog, "urlEdit"), QStringLiteral("rediss://cache:6380"));
        child<QCheckBox>(dialog, "verifyCheck")->setChecked(false);
        // Outside the tabs: visible whichever tab is open.
        QVERIFY(warning->isVisibleTo(&dialog));
        QVERIFY(warning->text().contains(QStringLiteral("VERIFICATION IS OFF")));
        child<QGroupBox>(dialog, "tlsGroup")->setChecked(false); // plain TCP: nothing to verify
        QVERIFY(!warning->isVisibleTo(&dialog));
        child<QGroupBox>(dialog, "tlsGroup")->setChecked(true);
        QVERIFY(warning->isVisibleTo(&dialog));
        QVERIFY(dialog.options().tls.insecure);
        QVERIFY(dialog.profile().tls.insecure);
    }

    void profileListLoadsAndDeletes()
    {
        ConnectionProfileStore store(nullptr, m_service);
        ConnectionProfile a;
        a.name = QStringLiteral("alpha");
        a.url = QStringLiteral("redis://10.0.0.1:6379/1");
        a.colorTag = ConnectionProfile::ColorTag::Staging;
        ConnectionProfile b;
        b.name = QStringLiteral("beta");
        b.url = QStringLiteral("unix:///run/redis.sock");
        b.discoveryPattern = QStringLiteral("orders:*");
        QCOMPARE(store.save(a), QString());
        QCOMPARE(store.save(b), QString());

        ConnectionDialog dialog(&store);
        auto *list = child<QListWidget>(dialog, "profileList");
        QCOMPARE(list->count(), 2);
        list->setCurrentRow(1);
        QCOMPARE(child<QLineEdit>(dialog, "nameEdit")->text(), QStringLiteral("beta"));
        QCOMPARE(child<QLineEdit>(dialog, "socketEdit")->text(), QStringLiteral("/run/redis.sock"));
        QCOMPARE(child<QLineEdit>(dialog, "patternEdit")->text(), QStringLiteral("orders:*"));
        list->setCurrentRow(0);
        QCOMPARE(child<QLineEdit>(dialog, "hostEdit")->text(), QStringLiteral("10.0.0.1"));
        QCOMPARE(child<QComboBox>(dialog, "colorTagCombo")->currentText(), QStringLiteral("staging"));
        QCOMPARE(dialog.profile(), a);

        QTest::mouseClick(child<QPushButton>(dialog, "deleteProfileButton"), Qt::LeftButton);
        QCOMPARE(list->count(), 1);
        QCOMPARE(store.profiles().size(), 1);
        QCOMPARE(store.profiles().first().name, QStringLiteral("beta"));
    }
};

QTEST_MAIN(TestConnectionDialog)
#include "tst_connection_dialog.moc"
