// `pelscope --self-test`: checks the things a package can get wrong (a missing TLS backend or
// platform plugin, an unwritable home, no keychain) and says so in one line each.
#include "self_test.h"

#include <QDir>
#include <QEventLoop>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QTimer>

#include <qt6keychain/keychain.h>

#include <cstdio>
#include <vector>

namespace pelscope {
namespace {

// A keychain that does not answer must not stall the self-test (D-Bus calls default to 25 s).
constexpr int kKeychainTimeoutMs = 3000;

enum class Verdict { Info, Ok, Warn, Fail };

struct Check
{
    QString name;
    QString value;
    Verdict verdict = Verdict::Info;
};

const char *tag(Verdict v)
{
    switch (v) {
    case Verdict::Ok: return "ok";
    case Verdict::Warn: return "warn";
    case Verdict::Fail: return "FAIL";
    case Verdict::Info: break;
    }
    return "";
}

Check tlsCheck()
{
    const QStringList backends = QSslSocket::availableBackends();
    const QString active = QSslSocket::activeBackend();
    // "cert-only" loads certificates but cannot open a TLS connection: that is not TLS.
    const bool works = QSslSocket::supportsSsl() && QSslSocket::isClassImplemented(QSsl::ImplementedClass::Socket)
                       && QSslSocket::isProtocolSupported(QSsl::TlsV1_2OrLater);
    QString value =
        QStringLiteral("backends [%1], active %2").arg(backends.join(QStringLiteral(", ")), active.isEmpty() ? QStringLiteral("none") : active);
    if (works)
        value += QStringLiteral(", %1").arg(QSslSocket::sslLibraryVersionString());
    else
        value += QStringLiteral(": no backend can open TLS connections (is the tls plugin and libssl there?)");
    return {QStringLiteral("tls"), value, works ? Verdict::Ok : Verdict::Fail};
}

Check caCheck()
{
    const qsizetype n = QSslConfiguration::systemCaCertificates().size();
    if (n > 0)
        return {QStringLiteral("system CAs"), QStringLiteral("%1 certificates").arg(n), Verdict::Ok};
    return {QStringLiteral("system CAs"), QStringLiteral("none found: verify servers with --cacert"), Verdict::Warn};
}

Check directoryCheck(const QString &name, QStandardPaths::StandardLocation location)
{
    const QString dir = QStandardPaths::writableLocation(location);
    if (dir.isEmpty())
        return {name, QStringLiteral("no location (is HOME set?)"), Verdict::Fail};
    if (!QDir().mkpath(dir))
        return {name, QStringLiteral("%1: cannot be created").arg(dir), Verdict::Fail};
    QTemporaryFile probe(QDir(dir).filePath(QStringLiteral(".self-test-XXXXXX")));
    if (!probe.open() || probe.write("ok", 2) != 2 || !probe.flush())
        return {name, QStringLiteral("%1: not writable (%2)").arg(dir, probe.errorString()), Verdict::Fail};
    return {name, dir, Verdict::Ok};
}

// A harmless read of a key that is never stored: EntryNotFound proves the keychain answers.
Check keychainCheck()
{
    const QString name = QStringLiteral("keychain");
    auto *job = new QKeychain::ReadPasswordJob(QStringLiteral("pelscope")); // deletes itself when done
    job->setKey(QStringLiteral("pelscope-self-test-never-stored"));

    bool finished = false;
    QKeychain::Error error = QKeychain::NoError;
    QString errorText;
    // runSelfTest() runs before the application's event loop, so this loop is not nested.
    QEventLoop loop;
    QObject::connect(job, &QKeychain::Job::finished, &loop, [&](QKeychain::Job *done) {
        finished = true;
        error = done->error();
        errorText = done->errorString();
        loop.quit();
    });
    QTimer::singleShot(kKeychainTimeoutMs, &loop, &QEventLoop::quit);
    job->start();
    loop.exec();

    if (!finished)
        return {name, QStringLiteral("no answer within %1 s; passwords will be asked for").arg(kKeychainTimeoutMs / 1000), Verdict::Warn};
    switch (error) {
    case QKeychain::NoError:
    case QKeychain::EntryNotFound: return {name, QStringLiteral("reachable"), Verdict::Ok};
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied: return {name, QStringLiteral("reachable, access denied (%1)").arg(errorText), Verdict::Warn};
    default: return {name, QStringLiteral("not reachable (%1); passwords will be asked for").arg(errorText), Verdict::Warn};
    }
}

} // namespace

int runSelfTest()
{
    std::vector<Check> checks;
    checks.push_back({QStringLiteral("version"), QStringLiteral(PELSCOPE_VERSION), Verdict::Info});
    checks.push_back({QStringLiteral("qt"), QStringLiteral("%1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)),
                      Verdict::Info});
    checks.push_back({QStringLiteral("qt plugins"), QLibraryInfo::path(QLibraryInfo::PluginsPath), Verdict::Info});
    const QString platform = QGuiApplication::platformName();
    checks.push_back({QStringLiteral("platform plugin"), platform.isEmpty() ? QStringLiteral("none") : platform,
                      platform.isEmpty() ? Verdict::Fail : Verdict::Ok});
    checks.push_back(tlsCheck());
    checks.push_back(caCheck());
    checks.push_back(directoryCheck(QStringLiteral("config dir"), QStandardPaths::AppConfigLocation));
    checks.push_back(directoryCheck(QStringLiteral("data dir"), QStandardPaths::AppLocalDataLocation));
    checks.push_back(keychainCheck());

    QStringList failed;
    for (const Check &c : checks) {
        std::printf("%-16s %-5s %s\n", qPrintable(c.name), tag(c.verdict), qPrintable(c.value));
        if (c.verdict == Verdict::Fail)
            failed << c.name;
    }
    if (failed.isEmpty()) {
        std::printf("self-test: passed\n");
    } else {
        std::printf("self-test: FAILED (%s)\n", qPrintable(failed.join(QStringLiteral(", "))));
    }
    std::fflush(stdout);
    return failed.isEmpty() ? 0 : 1;
}

} // namespace pelscope
