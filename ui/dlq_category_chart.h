// Dead letters per category over time: stacked bars over the loaded entries,
// bucketed by the time in their IDs, so a burst of one failure kind stands out.
#pragma once

#include "qcp.h"

namespace pelscope {

class DlqCategoryChart : public QCustomPlot
{
    Q_OBJECT
public:
    explicit DlqCategoryChart(QWidget *parent = nullptr);

    // (time in ms, category) of every loaded entry; `note` under the title.
    void setEntries(const QList<QPair<qint64, QString>> &entries, const QString &note);

private:
    QCPTextElement *m_note;
};

} // namespace pelscope
