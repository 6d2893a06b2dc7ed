#include "tls_fixture.h"

#include <QFile>
#include <QProcess>

namespace pelscope::test {

bool TlsFixture::openssl(const QStringList &args, QString *error)
{
    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    p.start(QStringLiteral("openssl"), args);
    if (!p.waitForFinished(30000) || p.exitCode() != 0) {
        if (error)
            *error = QStringLiteral("openssl %1 failed: %2").arg(args.join(QLatin1Char(' ')), QString::fromUtf8(p.readAllStandardError()));
        return false;
    }
    return true;
}

bool TlsFixture::generate(QString *error)
{
    QFile ext(path(QStringLiteral("server.ext")));
    if (!ext.open(QIODevice::WriteOnly))
        return false;
    ext.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n");
    ext.close();
    auto ca = [&](const QString &name) {
        return openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                        QStringLiteral("-nodes"), QStringLiteral("-keyout"), name + QStringLiteral(".key"), QStringLiteral("-out"),
                        name + QStringLiteral(".crt"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                        QStringLiteral("/CN=Pelscope Test ") + name},
                       error);
    };
    auto leaf = [&](const QString &name, const QString &cn, bool san) {
        if (!openssl({QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                      QStringLiteral("-keyout"), name + QStringLiteral(".key"), QStringLiteral("-out"), name + QStringLiteral(".csr"),
                      QStringLiteral("-subj"), QStringLiteral("/CN=") + cn},
                     error))
            return false;
        QStringList sign = {QStringLiteral("x509"),
                            QStringLiteral("-req"),
                            QStringLiteral("-in"),
                            name + QStringLiteral(".csr"),
                            QStringLiteral("-CA"),
                            QStringLiteral("ca.crt"),
                            QStringLiteral("-CAkey"),
                            QStringLiteral("ca.key"),
                            QStringLiteral("-CAcreateserial"),
                            QStringLiteral("-out"),
                            name + QStringLiteral(".crt"),
                            QStringLiteral("-days"),
                            QStringLiteral("2")};
        if (san)
            sign << QStringLiteral("-extfile") << QStringLiteral("server.ext");
        return openssl(sign, error);
    };
    return ca(QStringLiteral("ca")) && ca(QStringLiteral("other-ca")) && leaf(QStringLiteral("server"), QStringLiteral("localhost"), true)
           && leaf(QStringLiteral("client"), QStringLiteral("pelscope-client"), false);
}

} // namespace pelscope::test
