#include "demo_session.h"

#include "demo/demo_server.h"
#include "demo/demo_past.h"
#include "demo/demo_workload.h"
#include "history/history_database.h"

#include <QDateTime>
#include <QFileInfo>

#include <spdlog/spdlog.h>

namespace pelscope {

DemoSession::DemoSession(QObject *parent)
    : QObject(parent)
    , m_server(new DemoServer(this))
{
    m_workloadThread.setObjectName(QStringLiteral("demo workload"));
    connect(m_server, &DemoServer::failed, this, &DemoSession::failed);
    connect(m_server, &DemoServer::ready, this, [this](const QString &socketPath) {
        ConnectionOptions options;
        options.transport = ConnectionOptions::Transport::Unix;
        options.socketPath = socketPath;
        m_workload = new DemoWorkload(options);
        m_workload->moveToThread(&m_workloadThread);
        connect(&m_workloadThread, &QThread::finished, m_workload, &QObject::deleteLater);
        connect(m_workload, &DemoWorkload::started, this, [this, options] {
            // The demo's history lives in its temporary directory, with a
            // simulated past so the first look is not a row of empty charts.
            m_historyDir = QFileInfo(options.socketPath).absolutePath() + QStringLiteral("/history");
            QString error;
            const DemoWorkload *workload = m_workload;
            const DemoRate rate = [workload](DemoTraffic::Stream stream, qint64 atMs) { return workload->rateAt(stream, atMs); };
            if (!writeDemoPast(historyPathFor(options, m_historyDir), QDateTime::currentMSecsSinceEpoch(), {}, rate, &error))
                spdlog::warn("demo: no simulated past: {}", error.toStdString());
            Q_EMIT ready(options);
        });
        connect(m_workload, &DemoWorkload::failed, this, &DemoSession::failed);
        m_workloadThread.start();
        QMetaObject::invokeMethod(m_workload, &DemoWorkload::start, Qt::QueuedConnection);
    });
}

DemoSession::~DemoSession()
{
    if (m_workloadThread.isRunning()) {
        if (m_workload)
            QMetaObject::invokeMethod(m_workload, &DemoWorkload::stop, Qt::QueuedConnection);
        m_workloadThread.quit();
        m_workloadThread.wait();
    }
    // m_server (a child) stops redis-server in its destructor.
}

void DemoSession::start()
{
    m_server->start();
}

QByteArray DemoSession::annotationsStream()
{
    return demo::Keys(DemoWorkloadConfig{}.keyPrefix).deploys;
}

} // namespace pelscope
