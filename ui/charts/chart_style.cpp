#include "charts/chart_style.h"

#include "health_style.h"

namespace pelscope {

QCPTextElement *styleBarChart(QCustomPlot *plot, const QString &title)
{
    const QPalette pal = plot->palette();
    const QFont font = plot->font();
    plot->setBackground(pal.base());
    plot->plotLayout()->insertRow(0);
    auto *heading = new QCPTextElement(plot, title, QFont(font.family(), font.pointSize(), QFont::Bold));
    heading->setTextColor(pal.text().color());
    plot->plotLayout()->addElement(0, 0, heading);
    auto *note = new QCPTextElement(plot, QString(), QFont(font.family(), font.pointSize() - 1));
    note->setTextColor(readableDimColor(pal)); // ≥ 4.5:1 in any palette
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
        axis->setBasePen(QPen(pal.text().color()));
        axis->setTickPen(QPen(pal.text().color()));
        axis->setTickLabelColor(pal.text().color());
        axis->setLabelColor(pal.text().color());
        axis->grid()->setPen(QPen(pal.mid().color(), 0, Qt::DotLine));
    }
    return note;
}

} // namespace pelscope
