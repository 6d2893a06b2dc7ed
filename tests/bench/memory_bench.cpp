#include "memory_bench.h"

#include "main_window.h"
#include "render_wait.h"
#include "synthetic_history.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <cstdio>
#include <malloc.h>

namespace pelscope::bench {

namespace {

constexpr qint64 kStartMs = 1'700'000'000'000;

} // namespace

double statusMb(const QByteArray &field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(field + ':'))
            return line.mid(field.size() + 1).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

int memoryChildMain(int groups)
{
    // The app's main window, shown (offscreen): it keeps the history itself.
    MainWindow mainWindow;
    mainWindow.resize(1280, 720);
    ConnectionView &window = *mainWindow.addConnection();
    mainWindow.show();
    QCoreApplication::processEvents();
    QJsonObject o;
    o[QStringLiteral("groups")] = groups;
    o[QStringLiteral("baseMb")] = statusMb("VmRSS");

    SyntheticFeed feed(groups);
    QElapsedTimer clock;
    clock.start();
    // As fast as possible, every poll through ConnectionView::applySnapshot (history,
    // rules, table): a day as the store keeps it, then a soak hour at 1 Hz.
    const QVector<qint64> day = dayOfPolls(kStartMs);
    int n = 0;
    for (qint64 at : day) {
        applyAndRender(window, feed.next(at));
        ++n;
    }
    o[QStringLiteral("fillSeconds")] = clock.elapsed() / 1000.0;
    o[QStringLiteral("fillPolls")] = n;
    o[QStringLiteral("fullMb")] = statusMb("VmRSS");
    clock.restart();
    for (qint64 at = day.last() + 1000; at <= day.last() + 3'600'000; at += 1000) {
        applyAndRender(window, feed.next(at));
        ++n;
    }
    o[QStringLiteral("soakSeconds")] = clock.elapsed() / 1000.0;
    o[QStringLiteral("afterSoakMb")] = statusMb("VmRSS");
    o[QStringLiteral("peakMb")] = statusMb("VmHWM");
    o[QStringLiteral("storeMb")] = double(window.history().read([](const HistoryStore &h) { return h.bytesUsed(); })) / (1024.0 * 1024.0);
    const struct mallinfo2 mi = mallinfo2();
    o[QStringLiteral("heapInUseMb")] = double(mi.uordblks + mi.hblkhd) / (1024.0 * 1024.0);
    std::fputs(QJsonDocument(o).toJson(QJsonDocument::Compact).append('\n').constData(), stdout);
    std::fflush(stdout);
    return 0;
}

QList<MemoryResult> runMemoryBench(const QList<int> &groupCounts, const std::function<void(const QString &)> &progress)
{
    QList<MemoryResult> out;
    for (int groups : groupCounts) {
        progress(QStringLiteral("memory: %1 groups × 24 h, then a 1 h soak (child process)").arg(groups));
        MemoryResult r;
        r.groups = groups;
        QProcess child;
        child.setStandardErrorFile(QProcess::nullDevice()); // Qt's offscreen plugin chatter
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--memory-child"), QString::number(groups)});
        if (!child.waitForFinished(600'000) || child.exitCode() != 0) {
            r.error = QStringLiteral("child failed (exit %1)").arg(child.exitCode());
            out.append(r);
            continue;
        }
        const QByteArray line = child.readAllStandardOutput().trimmed().split('\n').last();
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.isEmpty()) {
            r.error = QStringLiteral("unreadable child output: %1").arg(QString::fromUtf8(line));
        } else {
            r.baseMb = o.value(QStringLiteral("baseMb")).toDouble();
            r.fullMb = o.value(QStringLiteral("fullMb")).toDouble();
            r.afterSoakMb = o.value(QStringLiteral("afterSoakMb")).toDouble();
            r.peakMb = o.value(QStringLiteral("peakMb")).toDouble();
            r.storeMb = o.value(QStringLiteral("storeMb")).toDouble();
            r.fillSeconds = o.value(QStringLiteral("fillSeconds")).toDouble();
            r.soakSeconds = o.value(QStringLiteral("soakSeconds")).toDouble();
            r.heapMb = o.value(QStringLiteral("heapInUseMb")).toDouble();
        }
        out.append(r);
    }
    return out;
}

} // namespace pelscope::bench
