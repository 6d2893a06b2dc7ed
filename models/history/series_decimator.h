// Min and max per pixel column: how HistoryStore shrinks a window to what a
// chart can show without hiding a single-sample spike.
#pragma once

#include "history_store.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelscope {

// Min and max of v per pixel column, in time order, so a single-sample spike
// among tens of thousands still reaches the chart.
class Decimator
{
public:
    Decimator(SeriesWindow &out, qint64 fromMs, qint64 toMs, int columns)
        : m_out(out)
        , m_from(fromMs)
        , m_span(double(toMs - fromMs + 1))
        , m_columns(columns)
    {}

    void add(qint64 tMs, double v, double lo, double hi)
    {
        const int col = int(double(tMs - m_from) * m_columns / m_span);
        if (col != m_col) {
            flush();
            m_col = col;
            m_firstT = tMs;
            m_known = false;
        }
        if (std::isnan(v))
            return;
        if (!m_known || v < m_min) {
            m_min = v;
            m_minT = tMs;
        }
        if (!m_known || v > m_max) {
            m_max = v;
            m_maxT = tMs;
        }
        m_lo = m_known ? std::min(m_lo, lo) : lo;
        m_hi = m_known ? std::max(m_hi, hi) : hi;
        m_known = true;
    }

    void flush()
    {
        if (m_col < 0)
            return;
        if (!m_known) {
            const double nan = std::numeric_limits<double>::quiet_NaN();
            push(m_firstT, nan, nan, nan);
        } else if (m_minT == m_maxT) {
            push(m_minT, m_max, m_lo, m_hi);
        } else if (m_minT < m_maxT) {
            push(m_minT, m_min, m_lo, m_hi);
            push(m_maxT, m_max, m_lo, m_hi);
        } else {
            push(m_maxT, m_max, m_lo, m_hi);
            push(m_minT, m_min, m_lo, m_hi);
        }
        m_col = -1;
    }

private:
    void push(qint64 tMs, double v, double lo, double hi)
    {
        m_out.t.append(double(tMs) / 1000.0);
        m_out.v.append(v);
        m_out.lo.append(lo);
        m_out.hi.append(hi);
    }

    SeriesWindow &m_out;
    qint64 m_from;
    double m_span;
    int m_columns;
    int m_col = -1;
    qint64 m_firstT = 0, m_minT = 0, m_maxT = 0;
    double m_min = 0, m_max = 0, m_lo = 0, m_hi = 0;
    bool m_known = false;
};

} // namespace pelscope
