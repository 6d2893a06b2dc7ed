// Dead letters by cause over time (DlqLayout::causeOf: the category, else the
// error's shape): stacked bars over the loaded entries,
// bucketed by the time in their IDs, so a burst of one failure kind stands out.
#pragma once

#include "charts/qcp.h"

namespace pelscope {

class DlqCategoryChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit DlqCategoryChart(QWidget *parent = nullptr);

    // (time in ms, category) of every loaded entry; `note` under the title.
    void setEntries(const QList<QPair<qint64, QString>> &entries, const QString &note);
    // Where the category colours are kept: a category keeps its colour for
    // this key (connection and DLQ) across polls and restarts. Colours are
    // handed out in the order categories are first seen, never by rank.
    void setColourKey(const QString &key);
    QColor colourOf(const QString &category);

    // The totals written over stacks cut by the axis (a burst), for tests.
    QStringList cutLabels() const
    {
        QStringList out;
        for (const QCPItemText *label : m_cutLabels)
            out << label->text();
        return out;
    }

private:
    QCPTextElement *m_note;
    QSharedPointer<QCPAxisTickerDateTime> m_ticker;
    QList<QCPItemText *> m_cutLabels;
    QString m_colourKey;
    QStringList m_colourOrder; // category i has colour slot i
};

} // namespace pelscope
