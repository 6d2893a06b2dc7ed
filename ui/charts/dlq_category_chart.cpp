#include "charts/dlq_category_chart.h"

#include "charts/chart_style.h"
#include "text/fill_text.h"

#include <QMap>
#include <QSettings>

namespace pelscope {

namespace {

// Bucket widths that make 10 to 60 bars of the loaded span.
qint64 bucketMs(qint64 spanMs)
{
    static const qint64 steps[] = {1000, 10'000, 60'000, 300'000, 900'000, 3'600'000, 6 * 3'600'000LL, 86'400'000LL, 7 * 86'400'000LL};
    for (qint64 s : steps)
        if (spanMs / s <= 60)
            return s;
    return 30 * 86'400'000LL;
}

QColor categoryColor(int i)
{
    static const QColor colors[] = {QColor(0xc6, 0x28, 0x28), QColor(0x42, 0x7e, 0xc4), QColor(0xe0, 0x8a, 0x00), QColor(0x2e, 0x7d, 0x32),
                                    QColor(0x6a, 0x1b, 0x9a), QColor(0x00, 0x83, 0x8f), QColor(0x8d, 0x6e, 0x63), QColor(0x75, 0x75, 0x75)};
    return colors[i % 8];
}

} // namespace

DlqCategoryChart::DlqCategoryChart(QWidget *parent)
    : QCustomPlot(parent)
{
    setMinimumHeight(200);
    m_note = styleBarChart(this, tr("Dead letters by cause over time (category, else error)"));
    setAccessibleName(tr("Dead letters by cause over time"));
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, m_note);
    m_ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    xAxis->setTicker(m_ticker);
    setLocale(QLocale()); // month names in the window's language
    yAxis->setLabel(tr("entries"));
    const QPalette pal = palette();
    legend->setVisible(true);
    legend->setBrush(pal.base());
    legend->setTextColor(pal.text().color());
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    legend->setFont(small);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst); // one row: it never hides the bars
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
}

void DlqCategoryChart::setColourKey(const QString &key)
{
    m_colourKey = key;
    m_colourOrder = QSettings().value(QStringLiteral("dlqCategoryColours/") + key).toStringList();
}

QColor DlqCategoryChart::colourOf(const QString &category)
{
    qsizetype slot = m_colourOrder.indexOf(category);
    if (slot < 0) {
        slot = m_colourOrder.size();
        m_colourOrder.append(category);
        if (!m_colourKey.isEmpty())
            QSettings().setValue(QStringLiteral("dlqCategoryColours/") + m_colourKey, m_colourOrder);
    }
    return categoryColor(int(slot));
}

void DlqCategoryChart::setEntries(const QList<QPair<qint64, QString>> &entries, const QString &note)
{
    clearPlottables();
    for (QCPItemText *label : std::as_const(m_cutLabels))
        removeItem(label);
    m_cutLabels.clear();
    m_note->setText(note);
    if (entries.isEmpty()) {
        setAccessibleDescription(fillText(tr("no dead letters read. %1"), note));
        replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    qint64 lo = entries.first().first, hi = lo;
    QMap<QString, qint64> totals;
    for (const auto &[ms, category] : entries) {
        lo = std::min(lo, ms);
        hi = std::max(hi, ms);
        ++totals[category];
    }
    const qint64 width = bucketMs(hi - lo);
    const qint64 first = lo / width * width;
    // The hour of day within a day; across days the date too, with the month
    // named ("12-02" read as the 12th of February as often as not).
    m_ticker->setDateTimeFormat(hi - lo < 20 * 3'600'000LL ? QStringLiteral("HH:mm")
                                                          : tr("MMM d", "the dead-letter chart's date labels (QDateTime format)") + QStringLiteral("\nHH:mm"));
    // Most frequent category at the bottom of each stack.
    QList<QString> order = totals.keys();
    std::sort(order.begin(), order.end(), [&](const QString &a, const QString &b) { return totals[a] > totals[b]; });
    // What a screen reader hears: each category with its count, most first.
    QStringList spoken;
    for (const QString &category : std::as_const(order))
        spoken << fillText(QStringLiteral("%1 %2"), category.isEmpty() ? tr("no category or error") : category, totals[category]);
    const QString says = fillText(tr("%1 dead letters read: %2. %3"), entries.size(), spoken.join(QStringLiteral(", ")), note);
    if (says != accessibleDescription())
        setAccessibleDescription(says);
    QHash<QString, QMap<qint64, double>> counts;
    for (const auto &[ms, category] : entries)
        counts[category][(ms - first) / width] += 1;
    QCPBars *below = nullptr;
    double maxStack = 1;
    QMap<qint64, double> stack;
    for (int i = 0; i < order.size(); ++i) {
        auto *bars = new QCPBars(xAxis, yAxis);
        bars->setName(fillText(QStringLiteral("%1 (%2)"), order[i].isEmpty() ? tr("no category or error") : order[i], totals[order[i]]));
        bars->setBrush(colourOf(order[i]));
        bars->setPen(Qt::NoPen);
        bars->setWidth(double(width) / 1000.0 * 0.9);
        QVector<double> keys, values;
        for (auto it = counts[order[i]].constBegin(); it != counts[order[i]].constEnd(); ++it) {
            keys << double(first + it.key() * width + width / 2) / 1000.0;
            values << it.value();
            stack[it.key()] += it.value();
            maxStack = std::max(maxStack, stack[it.key()]);
        }
        bars->setData(keys, values, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    xAxis->setRange(double(first) / 1000.0, double(first + ((hi - first) / width + 1) * width) / 1000.0);
    // One burst must not flatten every other bar into a sliver: when the
    // tallest stack is over five times the typical one, the axis stops at
    // three times the typical and each cut stack says its total on top.
    QList<double> heights = stack.values();
    std::sort(heights.begin(), heights.end());
    const double typical = heights.isEmpty() ? 1 : heights.at(qsizetype(double(heights.size() - 1) * 0.8));
    double top = maxStack;
    if (heights.size() >= 4 && maxStack > 5 * typical) {
        top = std::max(3.0, typical * 3);
        for (auto it = stack.constBegin(); it != stack.constEnd(); ++it) {
            if (it.value() <= top)
                continue;
            auto *label = new QCPItemText(this);
            label->position->setCoords(double(first + it.key() * width + width / 2) / 1000.0, top);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setText(fillText(QStringLiteral("▲ %1"), qint64(it.value())));
            label->setColor(palette().text().color());
            label->setClipToAxisRect(false);
            m_cutLabels.append(label);
        }
    }
    yAxis->setRange(0, top * 1.8 + 1); // headroom: the one-row legend sits above the bars
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace pelscope
