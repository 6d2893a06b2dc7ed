// `pelscope --demo`: a private redis-server on a unix socket plus the incident
// workload on its own thread. Closing the window stops both.
#pragma once

#include "values/connection_options.h"

#include <QObject>
#include <QThread>

namespace pelscope {

class DemoServer;
class DemoWorkload;

class DemoSession : public QObject
{
    Q_OBJECT
public:
    explicit DemoSession(QObject *parent = nullptr);
    ~DemoSession() override;

    void start();
    // Where the demo connection's history lives: inside the demo's temporary directory.
    const QString &historyDir() const { return m_historyDir; }
    // The stream the demo's "deploy pipeline" marks moments in.
    static QByteArray annotationsStream();

Q_SIGNALS:
    // The workload has seeded its incident: point the dashboard here.
    void ready(const pelscope::ConnectionOptions &options);
    void failed(const QString &message);

private:
    DemoServer *m_server;
    QThread m_workloadThread;
    DemoWorkload *m_workload = nullptr;
    QString m_historyDir;
};

} // namespace pelscope
