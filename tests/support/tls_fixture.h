// Test certificates made at test time with openssl: a CA, a server
// certificate for 127.0.0.1/localhost, a client certificate, and an unrelated CA.
#pragma once

#include <QString>
#include <QTemporaryDir>

namespace pelscope::test {

class TlsFixture
{
public:
    bool generate(QString *error);
    QString path(const QString &name) const { return m_dir.filePath(name); }

    QString caCert() const { return path(QStringLiteral("ca.crt")); }
    QString serverCert() const { return path(QStringLiteral("server.crt")); }
    QString serverKey() const { return path(QStringLiteral("server.key")); }
    QString clientCert() const { return path(QStringLiteral("client.crt")); }
    QString clientKey() const { return path(QStringLiteral("client.key")); }
    QString otherCaCert() const { return path(QStringLiteral("other-ca.crt")); }

private:
    bool openssl(const QStringList &args, QString *error);
    QTemporaryDir m_dir;
};

} // namespace pelscope::test
