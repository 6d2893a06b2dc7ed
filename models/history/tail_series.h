// One series of one group on one tier of the history store: the values of
// the newest slots of the tier's shared time axis, from the first slot the
// group was written in. Slots are numbered for ever (the axis's ring counts
// what it dropped), so a series never moves when the axis grows or drops
// its oldest slot, and holds only what its group lived: a stream that
// existed for 30 s costs 30 slots, not the hour the axis spans (the window
// grew 0.6 MB a minute under five new 30-second streams a second while
// every group's buffer was as long as the axis).
#pragma once

#include <QVector>
#include <QtGlobal>
#include <algorithm>
#include <limits>

namespace pelscope::history_detail {

class TailSeries
{
public:
    static constexpr float kUnknown = std::numeric_limits<float>::quiet_NaN();
    static constexpr int kInitialCapacity = 16;

    // The value at slot `n`; unknown before the first write, after the last
    // and for slots given up.
    float at(qint64 n) const { return n < m_first || n >= m_end ? kUnknown : m_v[int(n % m_v.size())]; }

    // Writes slot `n`, the newest so far or the newest again; the slots
    // skipped since the last write become unknown. At most `limit` slots are
    // kept (the tier's capacity): the oldest go first.
    void set(qint64 n, float value, int limit)
    {
        limit = std::max(limit, 1);
        if (n < m_end - 1)
            return; // the past is not rewritten
        if (m_end == m_first || n - m_end >= qint64(m_v.size())) {
            // Empty, or away longer than what is held: start again at n.
            if (m_v.isEmpty())
                m_v = QVector<float>(std::min(kInitialCapacity, limit), kUnknown);
            m_first = n;
            m_end = n;
        }
        const qint64 span = n - m_first + 1;
        if (span > m_v.size() && m_v.size() < limit)
            relayout(int(std::min<qint64>(limit, std::max<qint64>(span, std::max(m_v.size() + 16, m_v.size() * 3 / 2)))));
        for (; m_end < n; ++m_end) // unknown where it was not written
            m_v[int(m_end % m_v.size())] = kUnknown;
        m_v[int(n % m_v.size())] = value;
        m_end = n + 1;
        m_first = std::max(m_first, m_end - m_v.size());
    }

    // Keeps at most the newest `limit` slots (the tier's ring shrank).
    void limitTo(int limit)
    {
        if (m_v.size() > limit)
            relayout(std::max(limit, 1));
    }

    void clear()
    {
        m_v = QVector<float>();
        m_first = m_end = 0;
    }
    bool isEmpty() const { return m_end == m_first; }
    qint64 bytes() const { return m_v.capacity() * qint64(sizeof(float)); }

private:
    void relayout(int capacity)
    {
        QVector<float> out(capacity, kUnknown);
        m_first = std::max(m_first, m_end - capacity);
        for (qint64 n = m_first; n < m_end; ++n)
            out[int(n % capacity)] = m_v[int(n % m_v.size())];
        m_v = std::move(out);
    }

    QVector<float> m_v; // slot n at n % size
    qint64 m_first = 0; // the oldest slot held
    qint64 m_end = 0;   // one past the newest written
};

} // namespace pelscope::history_detail
