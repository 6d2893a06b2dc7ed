#include "connection_poller.h"

#include "../cluster/cluster_poller.h"
#include "../probe/stream_poller.h"

namespace pelscope {

ConnectionPoller::ConnectionPoller(ConnectionOptions options, ProbeConfig config, QObject *parent)
    : Poller(parent)
    , m_options(std::move(options))
    , m_config(std::move(config))
{
    auto *single = new StreamPoller(m_options, m_config, this);
    connect(single, &StreamPoller::clusterModeFound, this, &ConnectionPoller::switchToCluster);
    use(single);
}

void ConnectionPoller::use(Poller *poller)
{
    m_current = poller;
    poller->setIntervalMs(m_intervalMs);
    poller->setPaused(m_paused);
    poller->setSingleShot(m_singleShot);
    poller->setAutoReconnect(m_autoReconnect);
    connect(poller, &Poller::snapshotReady, this, &Poller::snapshotReady);
    connect(poller, &Poller::statusChanged, this, &Poller::statusChanged);
    connect(poller, &Poller::pollFailed, this, &Poller::pollFailed);
    connect(poller, &Poller::finished, this, &Poller::finished);
}

// The single-server poller has stopped; its signals are no longer ours (its
// closing connection must not show as a disconnect).
void ConnectionPoller::switchToCluster()
{
    Poller *single = m_current;
    single->disconnect(this);
    single->deleteLater(); // we are inside its signal
    m_isCluster = true;
    // Thresholds set meanwhile are in m_config: setThresholds keeps it current.
    use(new ClusterPoller(m_options, m_config, this));
    m_current->start();
}

void ConnectionPoller::start()
{
    m_current->start();
}

void ConnectionPoller::stop()
{
    m_current->stop();
}

void ConnectionPoller::setIntervalMs(int ms)
{
    m_intervalMs = ms;
    m_current->setIntervalMs(ms);
}

void ConnectionPoller::setPaused(bool paused)
{
    m_paused = paused;
    m_current->setPaused(paused);
}

void ConnectionPoller::pollNow()
{
    m_current->pollNow();
}

void ConnectionPoller::rereadGroup(const QByteArray &stream, const QByteArray &group)
{
    m_current->rereadGroup(stream, group);
}

void ConnectionPoller::setThresholds(const HealthThresholds &t)
{
    m_config.thresholds = t;
    m_current->setThresholds(t);
}

void ConnectionPoller::setSingleShot(bool on)
{
    m_singleShot = on;
    m_current->setSingleShot(on);
}

void ConnectionPoller::setAutoReconnect(bool on)
{
    m_autoReconnect = on;
    m_current->setAutoReconnect(on);
}

} // namespace pelscope
