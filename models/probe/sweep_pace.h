// How fast discovery sweeps the keyspace, from what the last sweep measured
// (issue 34). A stream made during an incident, or one of many short-lived
// ones, should be on screen within a tick or two, yet a keyspace of millions
// must cost a production server no more than it did: one page of 200 keys
// a tick. So the keys a tick visits follow the keyspace's size:
//   - up to 20,000 keys: half the keyspace a tick, so a sweep takes two
//     ticks, and the next starts at once (≈6 ms of server time a tick at
//     20,000 keys, in pages of at most 1,000 keys of ≈0.6 ms each);
//   - above: 10,000 × 20,000 / keys a tick, falling as the keyspace grows,
//     down to one page of the configured count (200) from a million keys
//     on, with the configured pause (30 s) between sweeps.
// Measured on Redis 7.0 (SCAN … TYPE stream over 10,000 strings): ≈170 µs a
// page at COUNT 200, ≈580 µs at 1,000, ≈2.4 ms at 10,000: hence the page cap.
#pragma once

#include <QtGlobal>

namespace pelscope {

class SweepPace
{
public:
    static constexpr qint64 kSmallKeyspace = 20'000;
    static constexpr int kMaxPageCount = 1'000;
    static constexpr int kMaxPagesPerTick = 10;

    explicit SweepPace(int baseCount = 200)
        : m_baseCount(qMax(1, baseCount))
    {}

    // The last finished sweep visited about this many keys (the sum of its
    // pages' COUNTs: SCAN visits about COUNT keys a call).
    void measured(qint64 keysVisited) { m_keyspace = keysVisited; }
    qint64 keyspace() const { return m_keyspace; } // -1 before a sweep finished

    int count() const;        // COUNT of each SCAN page
    int pagesPerTick() const; // pages a tick may send, in turn
    qint64 pauseMs(qint64 configuredMs) const; // between the end of a sweep and the next

private:
    qint64 keysPerTick() const;

    int m_baseCount;
    qint64 m_keyspace = -1;
};

} // namespace pelscope
