// Owns a connection's ConnectionPoller and the named QThread it runs on. Everything crosses the
// thread boundary through queued signals; this object lives in the caller's thread.
#pragma once

#include "connection_poller.h"

#include <QObject>
#include <QThread>

namespace pelscope {

class PollerThread : public QObject
{
    Q_OBJECT
public:
    PollerThread(const ConnectionOptions &options, ProbeConfig config, QObject *parent = nullptr);
    ~PollerThread() override; // stops the poller and joins its thread

    // Connect to its signals before start(). Do not call its methods directly:
    // use the forwarding slots below, which queue into the poller's thread.
    ConnectionPoller *poller() const { return m_poller; }

    void start();
    void setIntervalMs(int ms);
    void setPaused(bool paused);
    void pollNow();
    void rereadGroup(const QByteArray &stream, const QByteArray &group);
    void setThresholds(const HealthThresholds &t);

private:
    QThread m_thread;
    ConnectionPoller *m_poller;
};

} // namespace pelscope
