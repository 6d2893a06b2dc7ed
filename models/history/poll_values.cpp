#include "poll_values.h"

#include <cmath>
#include <limits>

namespace pelscope {

namespace {


float toFloat(const std::optional<qint64> &v)
{
    return v ? float(*v) : kNaN;
}

} // namespace

void PollValues::clear()
{
    m_added.clear();
    m_read.clear();
    m_carried.clear();
}

QList<PollValues::Group> PollValues::compute(const Snapshot &snapshot)
{
    QList<Group> out;
    if (snapshot.isNull())
        return out;
    qsizetype groups = 0;
    for (const StreamSnapshot &s : snapshot->streams)
        groups += s.groups.size();
    out.reserve(groups);
    const qint64 now = snapshot->takenAtMs;
    // Kept per group only while streams are read in turn (groupsPerTick).
    m_rationed = snapshot->stats.refreshTicks > 1;
    if (!m_rationed)
        m_carried.clear();
    for (const StreamSnapshot &s : snapshot->streams) {
        if (s.carriedAt(now)) { // its turn was not this tick: the values of its last read
            for (const GroupSnapshot &g : s.groups) {
                Group row{GroupKey{s.key, g.name}, {}};
                const auto it = m_carried.constFind(row.key);
                if (it == m_carried.cend())
                    std::fill(std::begin(row.values), std::end(row.values), kNaN);
                else
                    std::copy(std::begin(it->values), std::end(it->values), row.values);
                out.append(row);
            }
            continue;
        }
        // The window rates the poll carries (IncidentTracker), where it has
        // them: a batch reader's 1/s, not 10/s and 0 in turn.
        const double perPollIn = inRate(s, now);
        const float in = float(s.inRate ? s.inRate->perSecond : perPollIn);
        for (const GroupSnapshot &g : s.groups) {
            Group row{GroupKey{s.key, g.name}, {}};
            float outRate = kNaN;
            if (g.entriesRead) {
                Baseline &was = m_read[row.key]; // one lookup: found or made
                if (was.atMs > 0 && now > was.atMs && double(*g.entriesRead) >= was.value)
                    outRate = float((double(*g.entriesRead) - was.value) * 1000.0 / double(now - was.atMs));
                was = Baseline{double(*g.entriesRead), now}; // a decrease (SETID) starts a new baseline
            }
            if (g.outRate)
                outRate = float(g.outRate->perSecond);
            float alive = kNaN;
            if (g.consumers && *g.consumers == 0) {
                alive = 0;
            } else if (g.consumersAgeMs || !g.consumerList.isEmpty()) {
                int n = 0;
                for (const ConsumerSnapshot &c : g.consumerList)
                    n += c.idleMs && *c.idleMs < m_aliveIdleMs;
                alive = float(n);
            }
            float idle = toFloat(g.oldestIdleMs);
            if (g.oldestIdleMs)
                idle /= 1000.0f;
            else if (g.pending && *g.pending == 0)
                idle = 0; // nothing pending, nothing idles
            float behind = g.oldestUnreadAgeMs ? float(*g.oldestUnreadAgeMs) / 1000.0f : kNaN;
            if (!g.oldestUnreadAgeMs && g.lag && *g.lag == 0)
                behind = 0; // nothing unread
            const float values[MetricCount] = {toFloat(g.lag), toFloat(g.pending), idle, in, outRate, alive, toFloat(g.consumers), behind};
            std::copy(std::begin(values), std::end(values), row.values);
            if (m_rationed)
                m_carried.insert(row.key, row);
            out.append(row);
        }
    }
    return out;
}

// Entries added per second for one stream. XINFO STREAM is rationed for big
// streams, so its entries-added can be several ticks old; XINFO GROUPS is read
// every tick and entries-read + lag is the live entries-added whenever lag is
// known. The larger of the two is the freshest, as the counter only grows.
double PollValues::inRate(const StreamSnapshot &s, qint64 now)
{
    std::optional<qint64> added = s.entriesAdded;
    bool live = false;
    for (const GroupSnapshot &g : s.groups) {
        if (g.entriesRead && g.lag && *g.lag >= 0 && *g.entriesRead >= 0 && (!added || *g.entriesRead + *g.lag > *added)) {
            added = *g.entriesRead + *g.lag;
            live = true;
        }
    }
    if (!added)
        return std::numeric_limits<double>::quiet_NaN();
    const auto it = m_added.find(s.key);
    if (it == m_added.end()) {
        m_added.insert(s.key, Baseline{double(*added), now});
        return std::numeric_limits<double>::quiet_NaN();
    }
    const double delta = double(*added) - it->value;
    if (delta < 0) {
        // A stale XINFO STREAM reads lower than a live figure: keep the
        // baseline. A live figure going down is a reset (XSETID): start over.
        if (live)
            *it = Baseline{double(*added), now};
        return std::numeric_limits<double>::quiet_NaN();
    }
    const double rate = now > it->atMs ? delta * 1000.0 / double(now - it->atMs) : std::numeric_limits<double>::quiet_NaN();
    *it = Baseline{double(*added), now};
    return rate;
}

} // namespace pelscope
