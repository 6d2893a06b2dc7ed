#include "queue_probe.h"

#include "../health/queue_rules.h"
#include "job_reader.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelscope {

namespace {

// 1e11 seconds is the year 5138; 1e11 milliseconds is 1973. A Unix time at
// or above it can only be milliseconds.
constexpr double kMillisecondsFrom = 1e11;
constexpr qint64 kBigSampleBytes = 1 << 20; // a processing sample this large is read every 10th tick
constexpr quint64 kBigSampleEveryTicks = 10;

// A score as the server wrote it: any double, "inf" and "-inf" included.
std::optional<double> scoreOf(const RedisReply &r)
{
    const QByteArray b = r.bytes();
    if (b == "inf" || b == "+inf")
        return std::numeric_limits<double>::infinity();
    if (b == "-inf")
        return -std::numeric_limits<double>::infinity();
    bool ok = false;
    const double v = b.toDouble(&ok);
    if (!ok || std::isnan(v))
        return std::nullopt;
    return v;
}

// Whether a score can be a Unix time in either unit: after 1970 and before
// 1e15 ms (the year 33658). -inf ("due forever"), 0 and 1e300 are not, and
// nothing is computed from them.
bool isTimeScore(double score, ScoreUnit unit)
{
    const double ms = unit == ScoreUnit::Seconds ? score * 1000.0 : score;
    return std::isfinite(score) && score > 0 && ms <= 1e15;
}

// ZRANGE ... WITHSCORES: [member, score] (RESP2), or [[member, score]] (RESP3).
const RedisReply *firstScoreReply(const RedisReply &r)
{
    if (!r.isArray() || r.size() == 0)
        return nullptr;
    if (r.at(0).isArray())
        return r.at(0).size() == 2 ? &r.at(0).at(1) : nullptr;
    return r.size() >= 2 ? &r.at(1) : nullptr;
}

std::optional<double> firstScore(const RedisReply *r)
{
    const RedisReply *score = r ? firstScoreReply(*r) : nullptr;
    return score ? scoreOf(*score) : std::nullopt;
}

// The score as the server wrote it, for the reason that names it.
QString firstScoreText(const RedisReply *r)
{
    const RedisReply *score = r ? firstScoreReply(*r) : nullptr;
    return score ? displayBytes(score->bytes()) : QString();
}

// Only ever given time scores (isTimeScore), so the integer cannot overflow.
qint64 toMs(double score, ScoreUnit unit)
{
    return qint64(unit == ScoreUnit::Milliseconds ? score : score * 1000.0);
}

QString readError(const RedisReply &r, const QByteArray &key, const char *type)
{
    if (r.errorCode() == "WRONGTYPE")
        return QStringLiteral("%1 is not a %2").arg(displayBytes(key), QLatin1String(type));
    return QStringLiteral("%1: %2").arg(displayBytes(key), displayBytes(r.bytes()));
}

} // namespace

QueueProbe::QueueProbe(QueueConfig config, QByteArray match, int scanCount, qint64 scanMaxPages, qint64 rescanIntervalMs)
    : m_config(std::move(config))
    , m_namedDelayed(m_config.delayed.cbegin(), m_config.delayed.cend())
    , m_discovery(std::move(match), scanCount, scanMaxPages, m_config.maxDiscovered, m_config.discoverFrameworks)
    , m_plainDiscovery(m_config.discover && !m_config.any())
    , m_discovering(m_plainDiscovery || m_config.discoverFrameworks)
    , m_rescanIntervalMs(rescanIntervalMs)
{
    for (const auto &pair : std::as_const(m_config.lists))
        m_namedLists.insert(pair.first);
    if (m_discovering)
        m_discovery.startSweep();
    m_jobs.setDiscovering(m_config.discoverFrameworks);
    if (m_config.frameworks.any())
        m_jobs.found(m_config.frameworks);
}

bool QueueProbe::active() const
{
    return m_config.any() || m_discovering || m_config.frameworks.any();
}

bool QueueProbe::discoveryComplete() const
{
    return !m_discovering || m_discovery.sweptOnce();
}

void QueueProbe::restartDiscovery()
{
    if (m_discovering && !m_discovery.sweeping())
        m_discovery.startSweep();
}

QList<QByteArray> QueueProbe::delayedKeys() const
{
    QList<QByteArray> keys = m_config.delayed;
    if (m_plainDiscovery)
        for (const QByteArray &k : m_discovery.delayed())
            if (!m_jobs.owns(k)) // a framework's, read by its reader
                keys.append(k);  // duplicates go below
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
}

QList<QPair<QByteArray, QByteArray>> QueueProbe::listPairs() const
{
    QList<QPair<QByteArray, QByteArray>> pairs = m_config.lists;
    if (m_plainDiscovery)
        for (const auto &p : m_discovery.lists())
            if (!m_namedLists.contains(p.first) && !m_jobs.owns(p.first) && !m_jobs.owns(p.second))
                pairs.append(p);
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

ScoreUnit QueueProbe::unitOf(const QByteArray &key) const
{
    if (m_config.scoreUnit != ScoreUnit::Auto)
        return m_config.scoreUnit;
    const auto it = m_delayed.find(key);
    return it == m_delayed.end() ? ScoreUnit::Auto : it->second.detected;
}

void QueueProbe::add(RedisBatch &batch, Kind kind, RedisCommand cmd, const QByteArray &key, ScoreUnit unit)
{
    batch.append(std::move(cmd));
    m_layout.append(Slot{kind, key, unit});
}

void QueueProbe::plan(RedisBatch &batch)
{
    ++m_tick;
    m_layout.clear();
    if (m_discovering && m_discovery.sweptOnce()) {
        if (!m_discovery.sweeping() && m_lastServerMs - m_lastSweepEndMs >= m_rescanIntervalMs)
            m_discovery.startSweep();
        if (m_discovery.sweeping())
            add(batch, Kind::Scan, m_discovery.scanCommand(), {});
    }
    const qint64 nowMs = m_lastServerMs > 0 ? m_lastServerMs + m_sinceServerTime.elapsed() : QDateTime::currentMSecsSinceEpoch();
    for (const QByteArray &key : delayedKeys()) {
        add(batch, Kind::Zcard, {"ZCARD", key}, key);
        add(batch, Kind::Earliest, {"ZRANGE", key, "0", "0", "WITHSCORES"}, key);
        add(batch, Kind::Latest, {"ZRANGE", key, "-1", "-1", "WITHSCORES"}, key);
        const ScoreUnit known = unitOf(key);
        // Until the scores have said which unit they are in, ask in both.
        for (const ScoreUnit unit : {ScoreUnit::Seconds, ScoreUnit::Milliseconds}) {
            if (known != ScoreUnit::Auto && known != unit)
                continue;
            const QByteArray now = unit == ScoreUnit::Seconds ? QByteArray::number(double(nowMs) / 1000.0, 'f', 3) : QByteArray::number(nowMs);
            add(batch, Kind::DueCount, {"ZCOUNT", key, "-inf", now}, key, unit);
            add(batch, Kind::NextDue, {"ZRANGEBYSCORE", key, "(" + now, "+inf", "LIMIT", "0", "1", "WITHSCORES"}, key, unit);
        }
    }
    for (const auto &[main, processing] : listPairs()) {
        add(batch, Kind::Llen, {"LLEN", main}, main);
        const ListState &st = m_lists[main];
        if (!processing.isEmpty()) {
            add(batch, Kind::ProcessingLlen, {"LLEN", processing}, main);
            if (st.lastSampleBytes <= kBigSampleBytes || m_tick - st.sampledTick >= kBigSampleEveryTicks)
                add(batch, Kind::ProcessingSample, {"LRANGE", processing, QByteArray::number(-m_config.processingSample), "-1"}, main);
        }
        // Whether anything is taken while nothing is in processing: both ends.
        if ((processing.isEmpty() || st.processingWasEmpty) && (st.lastEndBytes <= kBigSampleBytes || m_tick - st.endsTick >= kBigSampleEveryTicks)) {
            add(batch, Kind::Head, {"LINDEX", main, "0"}, main);
            add(batch, Kind::Tail, {"LINDEX", main, "-1"}, main);
        }
    }
    if (m_config.discoverFrameworks)
        m_jobs.found(m_discovery.jobSystems());
    m_jobs.plan(batch, nowMs);
}

std::optional<qint64> QueueProbe::itemTimeMs(const QByteArray &item, const QList<QByteArray> &fields)
{
    if (!item.startsWith('{'))
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(item);
    if (!doc.isObject())
        return std::nullopt;
    const QJsonObject o = doc.object();
    for (const QByteArray &f : fields) {
        const QJsonValue v = o.value(QLatin1String(f));
        double n = 0;
        if (v.isDouble()) {
            n = v.toDouble();
        } else if (v.isString()) {
            bool ok = false;
            n = v.toString().toDouble(&ok);
            if (!ok) {
                const QDateTime at = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
                if (at.isValid())
                    return at.toMSecsSinceEpoch();
                continue;
            }
        } else {
            continue;
        }
        if (!std::isfinite(n) || n <= 0 || n > 1e15) // not a time (1e15 ms is the year 33658)
            continue;
        return n >= kMillisecondsFrom ? qint64(n) : qint64(n * 1000.0);
    }
    return std::nullopt;
}

void QueueProbe::parse(const RedisReplies &replies, qint64 serverNowMs, const HealthThresholds &t, SnapshotData &data)
{
    struct DelayedReplies
    {
        const RedisReply *zcard = nullptr, *earliest = nullptr, *latest = nullptr;
        const RedisReply *due[2] = {nullptr, nullptr}, *next[2] = {nullptr, nullptr}; // [seconds, milliseconds]
    };
    struct ListReplies
    {
        const RedisReply *length = nullptr, *processing = nullptr, *sample = nullptr, *head = nullptr, *tail = nullptr;
    };
    std::map<QByteArray, DelayedReplies> delayed;
    std::map<QByteArray, ListReplies> lists;
    const bool wasSweeping = m_discovery.sweeping();
    for (qsizetype i = 0; i < m_layout.size() && i < replies.size(); ++i) {
        const Slot &s = m_layout.at(i);
        const RedisReply *r = &replies.at(i);
        const int u = s.unit == ScoreUnit::Milliseconds ? 1 : 0;
        switch (s.kind) {
        case Kind::Scan: m_discovery.onScanReply(*r); break;
        case Kind::Zcard: delayed[s.key].zcard = r; break;
        case Kind::Earliest: delayed[s.key].earliest = r; break;
        case Kind::Latest: delayed[s.key].latest = r; break;
        case Kind::DueCount: delayed[s.key].due[u] = r; break;
        case Kind::NextDue: delayed[s.key].next[u] = r; break;
        case Kind::Llen: lists[s.key].length = r; break;
        case Kind::ProcessingLlen: lists[s.key].processing = r; break;
        case Kind::ProcessingSample: lists[s.key].sample = r; break;
        case Kind::Head: lists[s.key].head = r; break;
        case Kind::Tail: lists[s.key].tail = r; break;
        }
    }
    if (wasSweeping && !m_discovery.sweeping())
        m_lastSweepEndMs = serverNowMs;
    if (m_lastSweepEndMs == 0)
        m_lastSweepEndMs = serverNowMs; // the first sweep ran before the first tick
    m_lastServerMs = serverNowMs;
    m_sinceServerTime.start();

    for (const auto &[key, r] : delayed) {
        DelayedQueueSnapshot q;
        q.key = key;
        q.discovered = !m_namedDelayed.contains(key);
        const RedisReply *failed = nullptr;
        for (const RedisReply *x : {r.zcard, r.earliest, r.latest, r.due[0], r.due[1], r.next[0], r.next[1]})
            if (x && x->isError() && !failed)
                failed = x;
        if (failed) {
            q.error = readError(*failed, key, "sorted set");
        } else {
            if (r.zcard)
                q.size = r.zcard->toInt();
            ScoreUnit unit = unitOf(key);
            const std::optional<double> earliest = firstScore(r.earliest);
            const std::optional<double> latest = firstScore(r.latest);
            if (m_config.scoreUnit == ScoreUnit::Auto) {
                // From the scores that are times, the earliest and the latest
                // (an item at -inf or 0 must not decide it, nor leave the
                // queue unjudged when the other end is a time).
                QList<double> scores;
                for (const std::optional<double> &score : {earliest, latest})
                    if (score)
                        scores << *score;
                if (const ScoreUnit found = scoreUnitFrom(scores, serverNowMs); found != ScoreUnit::Auto) {
                    unit = found;
                    m_delayed[key].detected = unit;
                }
            }
            const int u = unit == ScoreUnit::Milliseconds ? 1 : 0;
            if (unit != ScoreUnit::Auto)
                q.scoreUnit = unit == ScoreUnit::Milliseconds ? QStringLiteral("ms") : QStringLiteral("s");
            if (q.size && *q.size == 0) {
                q.due = 0;
            } else if (unit != ScoreUnit::Auto && r.due[u]) {
                q.due = r.due[u]->toInt();
            } else if (q.size && *q.size > 0) {
                q.untimedScores = fillText(QStringLiteral("%1 … %2"), firstScoreText(r.earliest), firstScoreText(r.latest));
            }
            if (earliest && unit != ScoreUnit::Auto && q.due && *q.due > 0) {
                if (isTimeScore(*earliest, unit))
                    q.oldestOverdueMs = std::max<qint64>(0, serverNowMs - toMs(*earliest, unit));
                else
                    q.earliestNotTime = firstScoreText(r.earliest);
            }
            if (unit != ScoreUnit::Auto && r.next[u]) {
                if (const std::optional<double> next = firstScore(r.next[u])) {
                    if (isTimeScore(*next, unit))
                        q.nextDueInMs = std::max<qint64>(0, toMs(*next, unit) - serverNowMs);
                    else
                        q.nextNotTime = firstScoreText(r.next[u]);
                }
            }
        }
        q.health = evaluateDelayedQueue(q, t);
        data.delayedQueues.append(q);
    }

    for (const auto &[main, processing] : listPairs()) {
        const auto found = lists.find(main);
        if (found == lists.end())
            continue;
        const ListReplies &r = found->second;
        ListState &st = m_lists[main];
        ListQueueSnapshot q;
        q.key = main;
        q.processingKey = processing;
        q.discovered = !m_namedLists.contains(main);
        if (r.length && r.length->isError())
            q.error = readError(*r.length, main, "list");
        else if (r.processing && r.processing->isError())
            q.error = readError(*r.processing, processing, "list");
        else if (r.sample && r.sample->isError())
            q.error = readError(*r.sample, processing, "list");
        else if (r.head && r.head->isError())
            q.error = readError(*r.head, main, "list");
        if (q.error.isEmpty()) {
            q.length = r.length ? r.length->toInt() : std::nullopt;
            q.processingLength = r.processing ? r.processing->toInt() : std::nullopt;
            if (r.sample && r.sample->isArray()) {
                st.sampledTick = m_tick;
                st.lastSampleBytes = r.sample->approximateSize();
                st.sampled = r.sample->size();
                st.undated = 0;
                st.itemTimes.clear();
                for (const RedisReply &item : r.sample->elements()) {
                    if (const std::optional<qint64> at = itemTimeMs(item.bytes(), m_config.timestampFields))
                        st.itemTimes.append(*at);
                    else
                        ++st.undated;
                }
            }
            if (q.processingLength && *q.processingLength == 0) {
                st.sampled = st.undated = 0;
                st.itemTimes.clear();
            }
            q.sampled = st.sampled;
            q.undated = st.undated;
            for (const qint64 at : std::as_const(st.itemTimes)) {
                const std::optional<qint64> age = ageFrom(serverNowMs, at);
                if (!age) { // stamped ahead of the server's clock: no age, counted as undated
                    ++q.undated;
                    continue;
                }
                q.stuck += *age >= t.processingTimeoutMs;
                q.oldestProcessingAgeMs = std::max(q.oldestProcessingAgeMs.value_or(0), *age);
            }
            // No worker: nothing in processing, the list never shorter, and
            // one of its ends the same item all along (both moved: items went
            // through). Ends not read this tick (large items) keep the run.
            const bool nothingHeld = processing.isEmpty() || (q.processingLength && *q.processingLength == 0);
            st.processingWasEmpty = nothingHeld;
            const bool endsRead = r.head && r.tail && r.head->isString() && r.tail->isString();
            if (q.length && *q.length > 0 && nothingHeld && (endsRead || st.unservedSinceMs != 0)) {
                const size_t head = endsRead ? qHash(r.head->bytes()) : st.headAtStart, tail = endsRead ? qHash(r.tail->bytes()) : st.tailAtStart;
                if (endsRead) {
                    st.lastEndBytes = r.head->bytes().size() + r.tail->bytes().size();
                    st.endsTick = m_tick;
                }
                if (st.unservedSinceMs == 0 || *q.length < st.lastLength || (head != st.headAtStart && tail != st.tailAtStart)) {
                    st.unservedSinceMs = serverNowMs;
                    st.lengthAtStart = *q.length;
                    st.headAtStart = head;
                    st.tailAtStart = tail;
                } else {
                    q.unservedForMs = serverNowMs - st.unservedSinceMs;
                    q.unservedGrowth = *q.length - st.lengthAtStart;
                }
            } else {
                st.unservedSinceMs = 0;
            }
            st.lastLength = q.length.value_or(0);
        }
        q.health = evaluateListQueue(q, t);
        data.listQueues.append(q);
    }
    m_jobs.parse(replies.mid(m_layout.size(), m_jobs.planned()), serverNowMs, t, data);
    if (!m_discovery.gap().isEmpty())
        data.warning = data.warning.isEmpty() ? m_discovery.gap() : data.warning + QStringLiteral("; ") + m_discovery.gap();
}

} // namespace pelscope
