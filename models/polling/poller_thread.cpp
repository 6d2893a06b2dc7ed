#include "poller_thread.h"

namespace pelscope {

PollerThread::PollerThread(const ConnectionOptions &options, ProbeConfig config, QObject *parent)
    : QObject(parent)
    , m_poller(new ConnectionPoller(options, std::move(config)))
{
    qRegisterMetaType<pelscope::Snapshot>();
    qRegisterMetaType<pelscope::ConnectionStatus>();
    qRegisterMetaType<pelscope::RedisError>();
    m_thread.setObjectName(QStringLiteral("poller %1").arg(options.address()).left(15));
    m_poller->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_poller, &QObject::deleteLater);
}

PollerThread::~PollerThread()
{
    if (m_thread.isRunning()) {
        QMetaObject::invokeMethod(m_poller, &ConnectionPoller::stop, Qt::QueuedConnection);
        m_thread.quit();
        m_thread.wait();
    } else {
        delete m_poller;
    }
}

void PollerThread::start()
{
    m_thread.start();
    QMetaObject::invokeMethod(m_poller, &ConnectionPoller::start, Qt::QueuedConnection);
}

void PollerThread::setIntervalMs(int ms)
{
    QMetaObject::invokeMethod(
        m_poller, [p = m_poller, ms] { p->setIntervalMs(ms); }, Qt::QueuedConnection);
}

void PollerThread::setPaused(bool paused)
{
    QMetaObject::invokeMethod(
        m_poller, [p = m_poller, paused] { p->setPaused(paused); }, Qt::QueuedConnection);
}

void PollerThread::pollNow()
{
    QMetaObject::invokeMethod(m_poller, &ConnectionPoller::pollNow, Qt::QueuedConnection);
}

void PollerThread::rereadGroup(const QByteArray &stream, const QByteArray &group)
{
    QMetaObject::invokeMethod(
        m_poller, [p = m_poller, stream, group] { p->rereadGroup(stream, group); }, Qt::QueuedConnection);
}

void PollerThread::setThresholds(const HealthThresholds &t)
{
    QMetaObject::invokeMethod(
        m_poller, [p = m_poller, t] { p->setThresholds(t); }, Qt::QueuedConnection);
}

} // namespace pelscope
