#include "history_recorder.h"
#include "history_store.h"

#include <QDateTime>
#include <QElapsedTimer>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

constexpr qint64 kPruneEveryMs = 5LL * 60'000;

RecordedGroup recordedFrom(const PollValues::Group &v, const GroupSnapshot &g)
{
    RecordedGroup r;
    r.key = v.key;
    r.point.atMs = 0;
    std::copy(std::begin(v.values), std::end(v.values), r.point.values);
    r.point.idleUpperSeconds = g.oldestIdleUpperMs ? float(*g.oldestIdleUpperMs) / 1000.0f : r.point.values[int(Metric::OldestIdleSeconds)];
    r.point.maxDeliveries = g.maxDeliveryCount ? float(*g.maxDeliveryCount) : std::numeric_limits<float>::quiet_NaN();
    r.point.status = g.health.status;
    return r;
}

} // namespace

HistoryRecorder::HistoryRecorder(HistorySettings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
{
    qRegisterMetaType<pelscope::HistoryState>();
    qRegisterMetaType<pelscope::HistoryPast>();
    qRegisterMetaType<pelscope::StoredEvent>();
    m_state.path = m_settings.path;
}

HistoryRecorder::~HistoryRecorder()
{
    stop();
}

void HistoryRecorder::publish()
{
    Q_EMIT stateChanged(m_state);
}

void HistoryRecorder::setProblem(const QString &problem)
{
    if (problem == m_state.problem)
        return;
    if (!problem.isEmpty())
        spdlog::warn("{}", problem.toStdString());
    m_state.problem = problem;
    publish();
}

void HistoryRecorder::open()
{
    m_db = std::make_unique<HistoryDatabase>(m_settings.path);
    m_db->setConnectionLabel(m_settings.connectionLabel);
    QString error;
    if (!m_db->open(&error)) {
        m_state.open = false;
        m_db.reset();
        setProblem(error);
        publish();
        return;
    }
    m_state.open = true;
    m_state.problem.clear();
    m_sincePrune.start();
    holdLease(QDateTime::currentMSecsSinceEpoch());
    publish();
}

bool HistoryRecorder::holdLease(qint64 nowMs)
{
    if (!m_db)
        return false;
    const bool was = m_state.writing;
    const HistoryDatabase::LeaseClaim claim = m_db->claimLease(m_settings.owner, nowMs, m_settings.staleAfterMs);
    m_state.writing = claim.mine;
    m_state.holder = claim.holder;
    m_lastLeaseCheckMs = nowMs;
    if (!claim.error.isEmpty()) {
        setProblem(claim.error); // nobody writes: said as a problem, never as an empty holder
        return false;
    }
    if (was != m_state.writing) {
        spdlog::info("history {}: {}", m_settings.path.toStdString(),
                     m_state.writing ? std::string("writing") : ("not writing, " + claim.holder.toStdString() + " is"));
        publish();
    }
    return m_state.writing;
}

void HistoryRecorder::loadPast(qint64 nowMs)
{
    HistoryPast past;
    if (!m_db) {
        past.problem = m_state.problem;
        Q_EMIT pastLoaded(past);
        return;
    }
    QElapsedTimer clock;
    clock.start();
    QString error;
    // Rows carry the server's clock: "now" on it, as the recorder last saw
    // it (a desktop 2 h ahead of Redis loaded an empty past).
    nowMs += m_db->serverClockOffsetMs().value_or(0);
    past.polls = m_db->loadForReplay(nowMs, &error);
    past.events = m_db->events(nowMs - HistoryDatabase::Tier1KeepMs, nowMs, &error);
    past.recordedSinceMs = m_db->recordedSinceMs();
    past.problem = error;
    past.loadMs = clock.elapsed();
    Q_EMIT pastLoaded(past);
}

void HistoryRecorder::record(const Snapshot &snapshot)
{
    if (!m_db || snapshot.isNull() || m_abandoned.load(std::memory_order_relaxed))
        return;
    // The rates need every poll's counters, written or not.
    const QList<PollValues::Group> values = m_values.compute(snapshot);
    const qint64 wallNow = QDateTime::currentMSecsSinceEpoch();
    if (!holdLease(wallNow))
        return; // another program writes this connection's history
    // The server's clock against the desktop's, kept for the next start's
    // first read (a poll's latency is well within the second allowed).
    if (const qint64 offset = snapshot->takenAtMs - wallNow; !m_clockOffsetMs || std::abs(offset - *m_clockOffsetMs) > 1000) {
        m_db->setServerClockOffsetMs(offset);
        m_clockOffsetMs = offset;
    }
    if (!m_goneOn) {
        // A recording that ran up to a minute ago goes on: a group whose status
        // is what the file last says is not "first seen" again (each restart of
        // the window wrote every group's first verdict anew, and the report's
        // timeline listed them as changes). As the window's store does.
        m_goneOn = true;
        QString ignored; // nothing found: every group is first seen, as before
        m_lastStatus = m_db->recentStatuses(snapshot->takenAtMs - HistoryStore::RecordingJoinMs, &ignored);
    }
    QList<RecordedGroup> rows;
    rows.reserve(values.size());
    QList<StoredEvent> changes;
    qsizetype next = 0;
    for (const StreamSnapshot &s : snapshot->streams)
        for (const GroupSnapshot &g : s.groups) {
            RecordedGroup row = recordedFrom(values.at(next++), g);
            row.point.atMs = snapshot->takenAtMs;
            row.carried = s.carriedAt(snapshot->takenAtMs);
            const auto last = m_lastStatus.constFind(row.key);
            if (last == m_lastStatus.constEnd() || *last != g.health.status) {
                StoredEvent e;
                e.atMs = snapshot->takenAtMs;
                e.group = row.key;
                e.kind = last == m_lastStatus.constEnd() ? QStringLiteral("first_seen") : QStringLiteral("status");
                e.status = g.health.status;
                e.text = joinReasons(g.health.reasons, QStringLiteral("; "), ReasonLanguage::English);
                e.reasons = g.health.reasons;
                changes.append(e);
                m_lastStatus.insert(row.key, g.health.status);
            }
            rows.append(row);
        }
    QString error;
    if (!m_db->writePoll(snapshot->takenAtMs, rows, changes, &error)) {
        ++m_failedPolls;
        setProblem(QStringLiteral("cannot write the history (%1); polling goes on, history in memory only until it can").arg(error));
        return;
    }
    for (const PublishedAnnotation &a : snapshot->annotations)
        if (!m_db->writeEventOnce(annotationEvent(a), &error)) {
            setProblem(QStringLiteral("cannot write an annotation to the history (%1); polling goes on").arg(error));
            return;
        }
    if (!m_db->writeQueuePoints(QueueHistory::fromSnapshot(snapshot), &error)) {
        ++m_failedPolls;
        setProblem(QStringLiteral("cannot write the queues' history (%1); polling goes on").arg(error));
        return;
    }
    if (!m_state.problem.isEmpty())
        setProblem({}); // writing again
    if (m_sincePrune.elapsed() >= kPruneEveryMs) {
        m_sincePrune.restart();
        if (!m_db->prune(snapshot->takenAtMs, m_settings.retentionDays, m_settings.maxBytes, &error))
            setProblem(QStringLiteral("cannot prune the history: %1").arg(error));
    }
}

void HistoryRecorder::readQueueSeries(const QueueSeriesKey &key, qint64 fromMs, qint64 toMs, quint64 request)
{
    QString error;
    const QList<QueuePoint> points = m_db ? m_db->queueSeries(key, fromMs, toMs, &error) : QList<QueuePoint>();
    if (!error.isEmpty())
        spdlog::warn("cannot read the history of {}: {}", key.key.toStdString(), error.toStdString());
    Q_EMIT queueSeriesRead(request, points);
}

void HistoryRecorder::readGroupSeries(const GroupKey &key, qint64 fromMs, qint64 toMs, quint64 request)
{
    QString error;
    const QList<StoredPoint> points = m_db ? m_db->series(key, fromMs, toMs, &error) : QList<StoredPoint>();
    if (!error.isEmpty())
        spdlog::warn("cannot read the history of {}/{}: {}", key.stream.toStdString(), key.group.toStdString(), error.toStdString());
    Q_EMIT groupSeriesRead(request, points);
}

void HistoryRecorder::recordEvent(const StoredEvent &event)
{
    if (!m_db || !m_state.writing)
        return;
    QString error;
    // A mark also shared to the annotations stream is read back from it: kept once.
    const bool written = event.kind == QLatin1String("annotation") ? m_db->writeEventOnce(event, &error) : m_db->writeEvent(event, &error);
    if (!written)
        setProblem(error);
}

void HistoryRecorder::stop()
{
    if (!m_db)
        return;
    QString error;
    if (m_state.writing) {
        m_db->flushOpenBuckets(&error);
        m_db->releaseLease(m_settings.owner);
    }
    m_db->close();
    m_db.reset();
    m_state.open = false;
    m_state.writing = false;
}

} // namespace pelscope
