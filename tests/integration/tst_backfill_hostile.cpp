// The Prometheus backfill against a server that answers like a broken or
// hostile Prometheus (issue 26, item 6; tests/support/hostile_http_server.h).
// Before: an endless answer grew the window to 2.88 GB in 8.7 s and aborted
// it; 3 million points × 6 series blocked the GUI thread ~19 s (1.5 GB); a
// server trickling a byte every 2 s kept the caption at "asking Prometheus
// for the earlier part…" forever; NaN, ±Inf and 1e308 were drawn as spikes to
// the chart's edge and "garbage" as 0.
#include "history/prometheus_backfill.h"
#include "hostile_http_client.h"
#include "hostile_http_server.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <cmath>

using namespace pelscope;
using namespace pelscope::test;

namespace {

const GroupKey kKey{"orders", "ship"};

struct Asked
{
    BackfillResult result;
    qint64 ms = 0;
    qint64 longestStallMs = 0; // the longest the event loop went without running a 10 ms timer
};

Asked ask(quint16 port, BackfillLimits limits, qint64 spanMs = 3'600'000)
{
    PrometheusBackfill backfill(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), QStringLiteral("redis://127.0.0.1:6379"), nullptr, limits);
    QSignalSpy done(&backfill, &PrometheusBackfill::finished);
    QElapsedTimer clock, sinceTick;
    clock.start();
    sinceTick.start();
    Asked out;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, [&] {
        out.longestStallMs = std::max(out.longestStallMs, sinceTick.restart());
    });
    tick.start(10);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    backfill.request(kKey, now - spanMs, now, 1);
    done.wait(60'000);
    out.ms = clock.elapsed();
    if (!done.isEmpty())
        out.result = done.first().first().value<BackfillResult>();
    return out;
}

} // namespace

#if defined(__SANITIZE_ADDRESS__)
constexpr qint64 kStallBoundMs = 3000;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr qint64 kStallBoundMs = 3000;
#else
constexpr qint64 kStallBoundMs = 1000;
#endif
#else
constexpr qint64 kStallBoundMs = 1000;
#endif

class TestBackfillHostile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Values that are not readings are gaps; the rest are drawn as sent.
    void valuesThatAreNotReadingsAreGaps()
    {
        HostileHttpServer server(HostileHttpServer::Mode::Values);
        server.setValues({"5", "NaN", "+Inf", "-Inf", "1e308", "garbage", "-3", "7"});
        const Asked a = ask(server.port(), {});
        QVERIFY2(a.result.ok, qPrintable(a.result.note));
        const BackfillSeries &lag = a.result.series.value(int(Metric::Lag));
        QCOMPARE(lag.v.size(), 8);
        QCOMPARE(lag.v.at(0), 5.0);
        for (int i = 1; i <= 6; ++i)
            QVERIFY2(std::isnan(lag.v.at(i)), qPrintable(QString::number(lag.v.at(i))));
        QCOMPARE(lag.v.at(7), 7.0);
        QVERIFY2(a.result.note.contains(QStringLiteral("values that were not readings shown as gaps")), qPrintable(a.result.note));
    }

    // An answer that never ends: cut at the byte cap, memory bounded, said.
    void endlessAnswerIsCut()
    {
        HostileHttpServer server(HostileHttpServer::Mode::Endless);
        const qint64 before = processMemory(QCoreApplication::applicationPid()).nowKb;
        const Asked a = ask(server.port(), {});
        QVERIFY(!a.result.ok);
        QVERIFY2(a.result.note.contains(QStringLiteral("answered more than 8 MB")), qPrintable(a.result.note));
        const ProcessMemory m = processMemory(QCoreApplication::applicationPid());
        qInfo("endless answer: %lld bytes sent before the cut; resident %lld kB before, %lld kB peak", server.bytesSent(), before, m.peakKb);
#if defined(__SANITIZE_ADDRESS__)
        // ASan keeps freed memory in quarantine (256 MB by default): the
        // footprint is measured by the normal build; this one checks access.
#elif defined(__has_feature)
#if !__has_feature(address_sanitizer)
        QVERIFY2(m.peakKb < before + 256 * 1024, qPrintable(QString::number(m.peakKb)));
#endif
#else
        QVERIFY2(m.peakKb < before + 256 * 1024, qPrintable(QString::number(m.peakKb)));
#endif
    }

    // 3 million points for each of six series: refused by size before any
    // is parsed, and the event loop never stops (it did for ~19 s).
    void millionsOfPointsDoNotFreezeTheWindow()
    {
        HostileHttpServer server(HostileHttpServer::Mode::Points);
        server.setPoints(3'000'000);
        const Asked a = ask(server.port(), {});
        QVERIFY(!a.result.ok);
        qInfo("3,000,000 points: answered in %lld ms, the event loop's longest stall %lld ms", a.ms, a.longestStallMs);
        // The defect stalled the loop for ~19 s. The bound leaves room for a
        // loaded 2-core machine: 1 s, and 3 s under ASan, which runs this
        // reading several times slower (CI saw 1,054 ms there, under load).
        QVERIFY2(a.longestStallMs < kStallBoundMs, qPrintable(QString::number(a.longestStallMs)));

        // Under the byte cap but over the points asked for: not drawn either.
        HostileHttpServer many(HostileHttpServer::Mode::Points);
        many.setPoints(50'000);
        const Asked b = ask(many.port(), {});
        QVERIFY(!b.result.ok);
        QVERIFY2(b.result.note.contains(QStringLiteral("points where at most")), qPrintable(b.result.note));
    }

    // A byte every 200 ms: the whole request ends at its deadline, and says so.
    void tricklingServerMeetsTheDeadline()
    {
        HostileHttpServer server(HostileHttpServer::Mode::Trickle);
        server.setTrickleMs(200);
        BackfillLimits limits;
        limits.deadlineMs = 3000;
        const Asked a = ask(server.port(), limits);
        QVERIFY(!a.result.ok);
        QVERIFY2(a.result.note.contains(QStringLiteral("did not answer within 3 s")), qPrintable(a.result.note));
        QVERIFY2(a.ms >= 2500 && a.ms < 10'000, qPrintable(QString::number(a.ms)));
    }

    // A window never asks for more points than the chart can draw.
    void stepKeepsPointsWithinTheCap()
    {
        QCOMPARE(backfillStepSeconds(0, 3'600'000, 1, 2000), 2);
        QCOMPARE(backfillStepSeconds(0, 24 * 3'600'000LL, 1, 2000), 44);
        QCOMPARE(backfillStepSeconds(0, 60'000, 9, 2000), 9);
    }
};

QTEST_GUILESS_MAIN(TestBackfillHostile)
#include "tst_backfill_hostile.moc"
