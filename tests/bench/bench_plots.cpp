#include "bench_plots.h"

#include "charts/qcp.h"

#include <QDir>

#include <cmath>

namespace pelscope::bench {

namespace {

QColor colorFor(int i)
{
    static const QList<QColor> colors{QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                                      QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b)};
    return colors.at(i % colors.size());
}

void logAxis(QCPAxis *axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
}

void basic(QCustomPlot &plot, const QString &title)
{
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, new QCPTextElement(&plot, title, QFont(QStringLiteral("sans"), 11, QFont::Bold)));
    plot.legend->setVisible(true);
    plot.legend->setFont(QFont(QStringLiteral("sans"), 8));
}

QCPGraph *line(QCustomPlot &plot, const QString &name, int color, Qt::PenStyle style = Qt::SolidLine)
{
    QCPGraph *g = plot.addGraph();
    g->setName(name);
    g->setPen(QPen(colorFor(color), 2, style));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
    return g;
}

QString save(QCustomPlot &plot, const QString &dir, const QString &prefix, const QString &name, int w = 900, int h = 500)
{
    plot.savePng(QDir(dir).filePath(name), w, h);
    return prefix + name;
}

} // namespace

QStringList renderPlots(const BenchResults &r, const QString &dir, const QString &prefix)
{
    QDir().mkpath(dir);
    QStringList out;
    QList<qint64> pels;
    for (const Scenario &s : r.scenarios)
        if (!pels.contains(s.pending))
            pels << s.pending;
    std::sort(pels.begin(), pels.end());

    {
        QCustomPlot plot;
        basic(plot, QStringLiteral("Server time per tick or scrape (INFO commandstats), by PEL size"));
        logAxis(plot.xAxis);
        logAxis(plot.yAxis);
        plot.xAxis->setLabel(QStringLiteral("pending entries"));
        plot.yAxis->setLabel(QStringLiteral("µs of server time per tick"));
        int color = 0;
        for (int c : {10, 1000}) {
            QCPGraph *pel = line(plot, QStringLiteral("Pelscope, %1 consumers").arg(c), color, c == 10 ? Qt::SolidLine : Qt::DashLine);
            QCPGraph *naive = line(plot, QStringLiteral("naive, %1 consumers").arg(c), color + 1, c == 10 ? Qt::SolidLine : Qt::DashLine);
            QCPGraph *exp =
                line(plot, QStringLiteral("redis_exporter stream commands, %1 consumers").arg(c), color + 2, c == 10 ? Qt::SolidLine : Qt::DashLine);
            for (qint64 p : pels) {
                const Scenario *s = r.find(p, c);
                if (!s)
                    continue;
                pel->addData(double(p), std::max(0.1, s->pelscope.commandUs()));
                if (s->naive.ran)
                    naive->addData(double(p), std::max(0.1, s->naive.commandUs()));
                if (s->exporterPattern.ran)
                    exp->addData(double(p), std::max(0.1, s->exporterPattern.streamUs()));
            }
        }
        plot.rescaleAxes();
        plot.xAxis->scaleRange(1.3);
        plot.yAxis->setRange(10, plot.yAxis->range().upper * 3);
        plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignLeft | Qt::AlignTop);
        out << save(plot, dir, prefix, QStringLiteral("cost.png"));
    }
    {
        QCustomPlot plot;
        basic(plot, QStringLiteral("Delivery-count histogram: distance from the truth as ticks accumulate (10 consumers)"));
        plot.xAxis->setLabel(QStringLiteral("tick"));
        plot.yAxis->setLabel(QStringLiteral("total-variation distance"));
        int color = 0;
        for (qint64 p : pels) {
            const Scenario *s = r.find(p, 10);
            if (!s)
                continue;
            QCPGraph *g = line(plot, QStringLiteral("PEL %1").arg(QLocale::c().toString(p)), color++);
            g->setScatterStyle(QCPScatterStyle::ssNone);
            for (const AccuracyPoint &a : s->accuracy)
                g->addData(a.tick, a.tvd);
        }
        plot.rescaleAxes();
        plot.yAxis->setRangeLower(0);
        plot.yAxis->setRangeUpper(std::min(1.0, plot.yAxis->range().upper * 1.1));
        plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignTop);
        out << save(plot, dir, prefix, QStringLiteral("histogram-tvd.png"));
    }
    if (const Scenario *s = r.find(r.largestPel(), 10)) {
        QCustomPlot plot;
        basic(plot, QStringLiteral("Oldest pending idle at PEL %1: Pelscope's bracket around the truth").arg(QLocale::c().toString(s->pending)));
        plot.xAxis->setLabel(QStringLiteral("tick"));
        plot.yAxis->setLabel(QStringLiteral("ms from the true oldest idle"));
        QCPGraph *lo = line(plot, QStringLiteral("lower bound (oldestIdleMs) − truth"), 0);
        QCPGraph *hi = line(plot, QStringLiteral("upper bound (oldestIdleUpperMs) − truth"), 1);
        QCPGraph *truth = line(plot, QStringLiteral("truth (± clock resolution and the tick's duration)"), 2, Qt::DashLine);
        for (QCPGraph *g : {lo, hi, truth})
            g->setScatterStyle(QCPScatterStyle::ssNone);
        for (const AccuracyPoint &a : s->accuracy) {
            const double t = double(a.truthLo + 1);
            lo->addData(a.tick, double(a.lowMs) - t);
            hi->addData(a.tick, double(a.highMs) - t);
            truth->addData(a.tick, 0);
        }
        plot.rescaleAxes();
        plot.yAxis->scaleRange(1.3);
        plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignBottom);
        out << save(plot, dir, prefix, QStringLiteral("oldest-idle-bracket.png"));
    }
    if (!r.ui.replot.isEmpty()) {
        QCustomPlot plot;
        basic(plot, QStringLiteral("One chart update with 24 h of 1 Hz history: p95 ms"));
        logAxis(plot.yAxis);
        plot.yAxis->setLabel(QStringLiteral("ms (p95)"));
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        QCPBars *dec = new QCPBars(plot.xAxis, plot.yAxis);
        QCPBars *raw = new QCPBars(plot.xAxis, plot.yAxis);
        dec->setName(QStringLiteral("window() decimated: fetch + setData + replot"));
        raw->setName(QStringLiteral("raw 86,400 points per series: replot only"));
        dec->setBrush(colorFor(0));
        raw->setBrush(colorFor(1));
        dec->setPen(QPen(colorFor(0)));
        raw->setPen(QPen(colorFor(1)));
        dec->setWidth(0.35);
        raw->setWidth(0.35);
        double x = 1;
        for (const ReplotResult &p : r.ui.replot) {
            ticker->addTick(x, QStringLiteral("%1 series").arg(p.series));
            dec->addData(x - 0.2, p.total.p95);
            raw->addData(x + 0.2, p.rawReplot.p95);
            x += 1;
        }
        plot.xAxis->setTicker(ticker);
        plot.xAxis->setRange(0.3, x - 0.3);
        plot.yAxis->rescale();
        plot.yAxis->setRange(0.5, plot.yAxis->range().upper * 3);
        plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignLeft | Qt::AlignTop);
        out << save(plot, dir, prefix, QStringLiteral("replot.png"), 700, 450);
    }
    if (!r.memory.isEmpty()) {
        QCustomPlot plot;
        basic(plot, QStringLiteral("Memory with 24 h of history"));
        plot.xAxis->setLabel(QStringLiteral("groups"));
        plot.yAxis->setLabel(QStringLiteral("MB"));
        QCPGraph *peak = line(plot, QStringLiteral("peak RSS (VmHWM)"), 0);
        QCPGraph *store = line(plot, QStringLiteral("HistoryStore::bytesUsed()"), 1);
        QCPGraph *base = line(plot, QStringLiteral("RSS before any history"), 2, Qt::DashLine);
        for (const MemoryResult &m : r.memory) {
            if (!m.error.isEmpty())
                continue;
            peak->addData(m.groups, m.peakMb);
            store->addData(m.groups, m.storeMb);
            base->addData(m.groups, m.baseMb);
        }
        plot.rescaleAxes();
        plot.xAxis->scaleRange(1.1);
        plot.yAxis->setRange(0, std::max(170.0, plot.yAxis->range().upper * 1.15));
        auto *goal = new QCPItemStraightLine(&plot);
        goal->point1->setCoords(0, 150);
        goal->point2->setCoords(1, 150);
        goal->setPen(QPen(Qt::gray, 1, Qt::DashLine));
        auto *goalText = new QCPItemText(&plot);
        goalText->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        goalText->position->setCoords(0.99, 150);
        goalText->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        goalText->setPadding(QMargins(0, 0, 0, 4));
        goalText->setText(QStringLiteral("goal for 50 groups: 150 MB"));
        goalText->setColor(Qt::gray);
        plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignLeft | Qt::AlignTop);
        out << save(plot, dir, prefix, QStringLiteral("memory.png"), 700, 450);
    }
    return out;
}

} // namespace pelscope::bench
