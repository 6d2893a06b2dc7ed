// The delivery-count distribution as bars, the poison threshold marked, and
// an honest note when the histogram rests on a sample of the PEL.
#pragma once

#include "charts/qcp.h"

namespace pelscope {

struct GroupSnapshot;

class DeliveryHistogramWidget : public QCustomPlot
{
    Q_OBJECT
public:
    explicit DeliveryHistogramWidget(QWidget *parent = nullptr);
    void setGroup(const GroupSnapshot *group, qint64 poisonThreshold);

private:
    QCPBars *m_ok;
    QCPBars *m_poison;
    QCPItemStraightLine *m_threshold;
    QCPTextElement *m_note;
};

} // namespace pelscope
