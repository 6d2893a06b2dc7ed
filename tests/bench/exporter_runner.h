// Runs Debian's prometheus-redis-exporter (the real redis_exporter) against a
// benchmark server and scrapes its /metrics, one scrape at a time.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <memory>

class QNetworkAccessManager;

namespace pelscope::bench {

class ExporterRunner
{
public:
    ExporterRunner();
    ~ExporterRunner();

    static QString executable(); // empty when not installed
    static QString version();

    // `streamArgs`: e.g. {"-check-streams", "bench:*"}. Waits until it answers.
    bool start(quint16 redisPort, const QStringList &streamArgs, QString *error);
    // One synchronous scrape; the body's size in bytes, or -1.
    qint64 scrape(QByteArray *body = nullptr);
    void stop();

private:
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<QNetworkAccessManager> m_net;
    quint16 m_port = 0;
};

} // namespace pelscope::bench
