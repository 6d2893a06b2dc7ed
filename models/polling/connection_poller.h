// Polls one connection, whatever the server turns out to be: a StreamPoller
// first; when its handshake says the server runs in cluster mode, a
// ClusterPoller (one connection per master) in its place, with the same
// settings. The choice is made here, above both, so neither poller knows the
// other. Callers (the window's PollerThread, pelscope-cli, the tests) see one
// Poller whose signals never change source.
#pragma once

#include "../probe/poller.h"
#include "../probe/probe_config.h"
#include "../values/connection_options.h"

namespace pelscope {

class ConnectionPoller : public Poller
{
    Q_OBJECT
public:
    ConnectionPoller(ConnectionOptions options, ProbeConfig config, QObject *parent = nullptr);

    void start() override;
    void stop() override;
    void setIntervalMs(int ms) override;
    void setPaused(bool paused) override;
    void pollNow() override;
    void rereadGroup(const QByteArray &stream, const QByteArray &group) override;
    void setThresholds(const pelscope::HealthThresholds &t) override;
    void setSingleShot(bool on) override;
    void setAutoReconnect(bool on) override;

    // True once the server was found to run in cluster mode.
    bool isCluster() const { return m_isCluster; }

private:
    void use(Poller *poller);
    void switchToCluster();

    ConnectionOptions m_options;
    ProbeConfig m_config;
    Poller *m_current = nullptr;
    // What every poller this one starts is given.
    int m_intervalMs = 1000;
    bool m_paused = false;
    bool m_singleShot = false;
    bool m_autoReconnect = true;
    bool m_isCluster = false;
};

} // namespace pelscope
