// Snapshots for many groups without a server, for the UI and memory figures:
// lag, pending, idle and consumers move like a busy system's, deterministically.
#pragma once

#include "history/history_store.h"
#include "snapshot/snapshot.h"

#include <QRandomGenerator>
#include <QVector>

namespace pelscope::bench {

// Poll times that leave a HistoryStore exactly as full as 86,400 polls at 1 Hz
// would: the first 23 h at one poll per 10 s bucket (all tier 1 keeps), the
// last hour at 1 Hz (tier 0). Ends at startMs + 24 h - 1 s.
QVector<qint64> dayOfPolls(qint64 startMs);

class SyntheticFeed
{
public:
    explicit SyntheticFeed(int groups, int consumersPerGroup = 5, quint32 seed = 7);

    // The next poll at server time `atMs`. Drop the returned snapshot before
    // the next call, or the next call copies every group (implicit sharing).
    Snapshot next(qint64 atMs);
    QList<GroupKey> keys() const;
    // The lag each group had in the last snapshot.
    double lag(int group) const { return m_lag.at(group); }

private:
    SnapshotData m_data;
    QVector<double> m_lag;
    QVector<qint64> m_read;
    QRandomGenerator m_rng;
};

} // namespace pelscope::bench
