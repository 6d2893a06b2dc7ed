#include "exporter_runner.h"

#include "redis_server.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QThread>
#include <QTimer>

namespace pelscope::bench {

ExporterRunner::ExporterRunner() = default;

ExporterRunner::~ExporterRunner()
{
    stop();
}

QString ExporterRunner::executable()
{
    for (const QString &name : {QStringLiteral("prometheus-redis-exporter"), QStringLiteral("redis_exporter")}) {
        const QString p = QStandardPaths::findExecutable(name);
        if (!p.isEmpty())
            return p;
    }
    return {};
}

QString ExporterRunner::version()
{
    const QString exe = executable();
    if (exe.isEmpty())
        return {};
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(exe, {QStringLiteral("-version")});
    p.waitForFinished(10'000);
    const QString out = QString::fromLocal8Bit(p.readAll());
    const auto m = QRegularExpression(QStringLiteral("Exporter\\s+(\\S+)")).match(out);
    return m.hasMatch() ? m.captured(1) : out.trimmed();
}

bool ExporterRunner::start(quint16 redisPort, const QStringList &streamArgs, QString *error)
{
    stop();
    const QString exe = executable();
    if (exe.isEmpty()) {
        if (error)
            *error = QStringLiteral("prometheus-redis-exporter is not installed");
        return false;
    }
    m_port = test::RedisServer::freePort();
    QStringList args{QStringLiteral("-redis.addr"), QStringLiteral("redis://127.0.0.1:%1").arg(redisPort), QStringLiteral("-web.listen-address"),
                     QStringLiteral("127.0.0.1:%1").arg(m_port), QStringLiteral("-redis-only-metrics")};
    args += streamArgs;
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setStandardOutputFile(QProcess::nullDevice());
    m_process->start(exe, args);
    if (!m_process->waitForStarted(5000)) {
        if (error)
            *error = QStringLiteral("could not start %1").arg(exe);
        return false;
    }
    m_net = std::make_unique<QNetworkAccessManager>();
    QDeadlineTimer deadline(10'000);
    while (!deadline.hasExpired()) {
        if (scrape() > 0)
            return true;
        QThread::msleep(50);
    }
    if (error)
        *error = QStringLiteral("the exporter did not answer on port %1").arg(m_port);
    return false;
}

qint64 ExporterRunner::scrape(QByteArray *body)
{
    if (!m_net)
        return -1;
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(m_port)));
    req.setTransferTimeout(60'000);
    QNetworkReply *reply = m_net->get(req);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    qint64 size = -1;
    if (reply->error() == QNetworkReply::NoError) {
        const QByteArray data = reply->readAll();
        size = data.size();
        if (body)
            *body = data;
    }
    delete reply;
    return size;
}

void ExporterRunner::stop()
{
    m_net.reset();
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(5000)) {
            m_process->kill();
            m_process->waitForFinished(2000);
        }
    }
    m_process.reset();
}

} // namespace pelscope::bench
