// One series of one group on one tier of the history store: the values of
// the newest slots of the tier's shared time axis, from the first slot the
// group was written in. Slots are numbered for ever (the axis's ring counts
// what it dropped), so a series never moves when the axis grows or drops
// its oldest slot, and holds only what its group lived: a stream that
// existed for 30 s costs 30 slots, not the hour the axis spans (the window
// grew 0.6 MB a minute under five new 30-second streams a second while
// every group's buffer was as long as the axis).
#pragma once

#include <QtGlobal>
#include <algorithm>
#include <limits>
#include <vector>

namespace pelscope::history_detail {

// A ring of its own (no implicit sharing, no division on the way in or
// out: an append writes eight of these per group per poll).
class TailSeries
{
public:
    static constexpr float kUnknown = std::numeric_limits<float>::quiet_NaN();
    static constexpr int kInitialCapacity = 16;

    // The value at slot `n`; unknown before the first write, after the last
    // and for slots given up.
    float at(qint64 n) const
    {
        if (n < m_first || n >= m_end)
            return kUnknown;
        qint64 p = m_last - (m_end - 1 - n);
        if (p < 0)
            p += qint64(m_v.size());
        return m_v[std::size_t(p)];
    }

    // Writes slot `n`, the newest so far or the newest again; the slots
    // skipped since the last write become unknown. At most `limit` slots are
    // kept (the tier's capacity): the oldest go first.
    void set(qint64 n, float value, int limit)
    {
        limit = std::max(limit, 1);
        if (n < m_end - 1)
            return; // the past is not rewritten
        const qint64 size = qint64(m_v.size());
        if (m_end == m_first || n - m_end >= size) {
            // Empty, or away longer than what is held: start again at n.
            if (m_v.empty())
                m_v.assign(std::size_t(std::min(kInitialCapacity, limit)), kUnknown);
            m_first = m_end = n;
            m_last = qint64(m_v.size()) - 1; // the next step lands on 0
        }
        const qint64 span = n - m_first + 1;
        if (span > qint64(m_v.size()) && qint64(m_v.size()) < limit)
            relayout(std::min<qint64>(limit, std::max<qint64>(span, std::max<qint64>(qint64(m_v.size()) + 16, qint64(m_v.size()) * 3 / 2))));
        const qint64 cap = qint64(m_v.size());
        while (m_end <= n) { // unknown where it was not written, then n
            m_last = m_last + 1 == cap ? 0 : m_last + 1;
            m_v[std::size_t(m_last)] = kUnknown;
            ++m_end;
        }
        m_v[std::size_t(m_last)] = value;
        m_first = std::max(m_first, m_end - cap);
    }

    // Keeps at most the newest `limit` slots (the tier's ring shrank).
    void limitTo(int limit)
    {
        if (qint64(m_v.size()) > limit)
            relayout(std::max(limit, 1));
    }

    void clear()
    {
        m_v = std::vector<float>();
        m_first = m_end = 0;
        m_last = -1;
    }
    bool isEmpty() const { return m_end == m_first; }
    qint64 bytes() const { return qint64(m_v.capacity() * sizeof(float)); }

private:
    // The held slots, oldest first from index 0, in `capacity` places.
    void relayout(qint64 capacity)
    {
        const qint64 first = std::max(m_first, m_end - capacity);
        std::vector<float> out(std::size_t(capacity), kUnknown);
        qint64 i = 0;
        for (qint64 n = first; n < m_end; ++n)
            out[std::size_t(i++)] = at(n);
        m_v = std::move(out);
        m_first = first;
        m_last = i - 1 < 0 ? capacity - 1 : i - 1;
    }

    std::vector<float> m_v;
    qint64 m_first = 0; // the oldest slot held
    qint64 m_end = 0;   // one past the newest written
    qint64 m_last = -1; // where slot m_end - 1 is in m_v
};

} // namespace pelscope::history_detail
