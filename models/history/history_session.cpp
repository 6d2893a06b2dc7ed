#include "history_session.h"

#include "live_history.h"

#include <QDateTime>

namespace pelscope {

HistorySession::HistorySession(QObject *parent)
    : QObject(parent)
    , m_store(std::make_shared<SharedHistoryStore>())
    , m_liveThread(sharedHistoryThread())
    , m_live(new LiveHistory(m_store))
{
    m_thread.setObjectName(QStringLiteral("history writer"));
    qRegisterMetaType<QList<pelscope::QueuePoint>>();
    qRegisterMetaType<QList<pelscope::StoredPoint>>();
    qRegisterMetaType<pelscope::HistoryPast>();
    m_live->moveToThread(m_liveThread.get());
    connect(m_live, &LiveHistory::judged, this, [this](quint64 session, const Snapshot &snapshot, qint64 recordedSinceMs) {
        if (session != m_session)
            return; // judged before the connection was replaced
        if (recordedSinceMs > 0)
            m_recordedSinceMs = recordedSinceMs;
        Q_EMIT judged(snapshot);
    });
    connect(m_live, &LiveHistory::pastReplayed, this, [this](quint64 session, const HistoryPast &past, qint64 recordedSinceMs) {
        if (session != m_session)
            return;
        if (recordedSinceMs > 0)
            m_recordedSinceMs = recordedSinceMs;
        m_pastApplied = true;
        Q_EMIT pastReplayed(int(past.polls.size()), past.loadMs, past.events);
    });
}

HistorySession::~HistorySession()
{
    stopRecorder();
    // Deleted on its thread after the polls already queued for it; nothing
    // of it reaches this object any more.
    m_live->disconnect(this);
    m_live->deleteLater();
}

void HistorySession::stopRecorder()
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
}

void HistorySession::begin(bool waitForPast)
{
    ++m_session;
    m_recordedSinceMs.reset();
    m_pastApplied = !waitForPast;
    QMetaObject::invokeMethod(
        m_live, [live = m_live, session = m_session, waitForPast] { live->begin(session, waitForPast); }, Qt::QueuedConnection);
}

void HistorySession::reset()
{
    begin(false);
}

void HistorySession::start(const HistorySettings &settings)
{
    stopRecorder();
    begin(!settings.path.isEmpty());
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
    connect(m_recorder, &HistoryRecorder::groupSeriesRead, this, &HistorySession::groupSeriesRead);
    // The past goes straight from the recorder's thread to the live history's.
    connect(m_recorder, &HistoryRecorder::pastLoaded, m_live, [live = m_live, session](const HistoryPast &past) { live->replay(session, past); });
    m_thread.start();
    QMetaObject::invokeMethod(m_recorder, &HistoryRecorder::open, Qt::QueuedConnection);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QMetaObject::invokeMethod(
        m_recorder, [recorder = m_recorder, now] { recorder->loadPast(now); }, Qt::QueuedConnection);
}

void HistorySession::dispose(Snapshot snapshot)
{
    if (snapshot.isNull())
        return;
    QMetaObject::invokeMethod(
        m_live, [dropped = std::move(snapshot)]() mutable { dropped = {}; }, Qt::QueuedConnection);
}

void HistorySession::judge(const Snapshot &snapshot)
{
    QMetaObject::invokeMethod(
        m_live, [live = m_live, session = m_session, snapshot] { live->judge(session, snapshot); }, Qt::QueuedConnection);
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

void HistorySession::readGroupSeries(const GroupKey &key, qint64 fromMs, qint64 toMs, quint64 request)
{
    if (!m_recorder) {
        QMetaObject::invokeMethod(this, [this, request] { Q_EMIT groupSeriesRead(request, {}); }, Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(
        m_recorder, [recorder = m_recorder, key, fromMs, toMs, request] { recorder->readGroupSeries(key, fromMs, toMs, request); },
        Qt::QueuedConnection);
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
