#include "history_session.h"

#include <QDateTime>

namespace pelscope {

HistorySession::HistorySession(HistoryStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    m_thread.setObjectName(QStringLiteral("history writer"));
    qRegisterMetaType<QList<pelscope::QueuePoint>>();
}

HistorySession::~HistorySession()
{
    stop();
}

void HistorySession::stop()
{
    if (m_recorder) {
        // The recorder flushes and gives its lease back in its destructor, on its thread.
        m_recorder->disconnect(this);
        m_recorder->abandonQueuedPolls();
        m_recorder = nullptr;
    }
    if (m_thread.isRunning()) {
        m_thread.quit();
        m_thread.wait();
    }
    m_state = {};
    m_held.clear();
    m_pastApplied = true;
}

void HistorySession::start(const HistorySettings &settings)
{
    stop();
    ++m_session;
    m_recordedSinceMs.reset();
    m_state.path = settings.path;
    if (settings.path.isEmpty())
        return; // memory only
    m_recorder = new HistoryRecorder(settings);
    m_recorder->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_recorder, &QObject::deleteLater);
    connect(m_recorder, &HistoryRecorder::stateChanged, this, [this](const HistoryState &s) {
        m_state = s;
        Q_EMIT stateChanged(s);
    });
    const quint64 session = m_session;
    connect(m_recorder, &HistoryRecorder::queueSeriesRead, this, &HistorySession::queueSeriesRead);
    connect(m_recorder, &HistoryRecorder::pastLoaded, this, [this, session](const HistoryPast &past) {
        if (session == m_session)
            onPastLoaded(past);
    });
    m_thread.start();
    m_pastApplied = false;
    m_waiting.start();
    QMetaObject::invokeMethod(m_recorder, &HistoryRecorder::open, Qt::QueuedConnection);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QMetaObject::invokeMethod(
        m_recorder, [recorder = m_recorder, now] { recorder->loadPast(now); }, Qt::QueuedConnection);
}

void HistorySession::readQueueSeries(const QueueSeriesKey &key, qint64 fromMs, qint64 toMs, quint64 request)
{
    if (!m_recorder) {
        QMetaObject::invokeMethod(this, [this, request] { Q_EMIT queueSeriesRead(request, {}); }, Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(
        m_recorder, [recorder = m_recorder, key, fromMs, toMs, request] { recorder->readQueueSeries(key, fromMs, toMs, request); },
        Qt::QueuedConnection);
}

bool HistorySession::admit(const Snapshot &snapshot)
{
    if (!m_recordedSinceMs && !snapshot.isNull())
        m_recordedSinceMs = snapshot->takenAtMs;
    if (m_pastApplied)
        return true;
    if (m_waiting.elapsed() > kWaitForPastMs) {
        // The file is slow or stuck: live history goes on without the past.
        m_pastApplied = true;
        for (const Snapshot &held : std::as_const(m_held))
            m_store->append(held);
        m_held.clear();
        return true;
    }
    m_held.append(snapshot);
    return false;
}

void HistorySession::onPastLoaded(const HistoryPast &past)
{
    if (m_pastApplied)
        return; // gave up waiting; the store has moved on
    for (const auto &[atMs, rows] : past.polls)
        m_store->appendRecorded(atMs, rows);
    QHash<GroupKey, Health> previous;
    for (const StoredEvent &e : past.events) {
        if (!e.group || !e.status || (e.kind != QLatin1String("status") && e.kind != QLatin1String("first_seen")))
            continue;
        const bool first = e.kind == QLatin1String("first_seen") || !previous.contains(*e.group);
        m_store->addRecordedChange(*e.group, StatusChange{e.atMs, previous.value(*e.group, *e.status), *e.status, e.why(), first});
        previous.insert(*e.group, *e.status);
    }
    if (!past.polls.isEmpty())
        m_recordedSinceMs = past.recordedSinceMs ? std::min(*past.recordedSinceMs, past.polls.first().first) : past.polls.first().first;
    for (const Snapshot &held : std::as_const(m_held))
        m_store->append(held);
    m_held.clear();
    m_pastApplied = true;
    Q_EMIT pastReplayed(int(past.polls.size()), past.loadMs, past.events);
}

void HistorySession::record(const Snapshot &snapshot)
{
    if (m_recorder)
        QMetaObject::invokeMethod(
            m_recorder, [recorder = m_recorder, snapshot] { recorder->record(snapshot); }, Qt::QueuedConnection);
}

void HistorySession::recordEvent(const StoredEvent &event)
{
    if (m_recorder)
        QMetaObject::invokeMethod(
            m_recorder, [recorder = m_recorder, event] { recorder->recordEvent(event); }, Qt::QueuedConnection);
}

} // namespace pelscope
