// History store and history rules, fed synthetic snapshots at server times
// chosen by the test, so every expected figure is known exactly.
#include "unit_tests.h"
#include "history/history_rules.h"
#include "history/history_store.h"
#include "history/previous_period.h"
#include "snapshot/format.h"
#include "history/series_assembly.h"
#include "history/tail_series.h"
#include "text/fill_text.h"

#include <QElapsedTimer>
#include <QTest>

#include <cmath>
#include <functional>

using namespace pelscope;

namespace {

// A verdict of one status and one reason, the rest as a rule leaves it.
HealthVerdict verdictOf(Health status, const Reason &reason)
{
    HealthVerdict v;
    v.status = status;
    v.reasons = {reason};
    return v;
}

} // namespace

namespace {

constexpr qint64 kT0 = 1'700'000'000'000; // aligned to 10 s
constexpr qint64 kHour = 3'600'000;
constexpr qint64 kDay = 24 * kHour;

struct GroupValues
{
    std::optional<qint64> lag = 0;
    std::optional<qint64> pending = 0;
    std::optional<qint64> entriesRead = 0;
    std::optional<qint64> entriesAdded = 0;
    QByteArray lastDeliveredId = "0-0";
    std::optional<qint64> consumers = 0;
    QList<ConsumerSnapshot> consumerList;
    HealthVerdict health;
};

// One stream with one group.
Snapshot single(qint64 t, const GroupValues &v, const QByteArray &stream = "s", const QByteArray &group = "g")
{
    SnapshotData d;
    d.takenAtMs = t;
    StreamSnapshot s;
    s.key = stream;
    s.entriesAdded = v.entriesAdded;
    GroupSnapshot g;
    g.name = group;
    g.lag = v.lag;
    g.pending = v.pending;
    g.entriesRead = v.entriesRead;
    g.lastDeliveredId = v.lastDeliveredId;
    g.consumers = v.consumers;
    g.consumerList = v.consumerList;
    if (!v.consumerList.isEmpty())
        g.consumersAgeMs = 0;
    g.health = v.health;
    s.groups.append(g);
    d.streams.append(s);
    return Snapshot(std::move(d));
}

// Feeds n polls one second apart from start; value(i) describes poll i.
void feed(HistoryStore &store, qint64 start, int n, const std::function<GroupValues(int)> &value)
{
    for (int i = 0; i < n; ++i)
        store.append(single(start + i * 1000LL, value(i)));
}

double maxOf(const QVector<double> &v)
{
    double m = -INFINITY;
    for (double x : v)
        if (!std::isnan(x))
            m = std::max(m, x);
    return m;
}

const GroupKey kKey{"s", "g"};

} // namespace

class TestHistory : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tiering()
    {
        HistoryStore store;
        // 2 h at 1 Hz; pending has a single-poll spike in the first (old) hour.
        auto pendingAt = [](int i) -> qint64 { return i == 1234 ? 1'000'000 : (i * 7) % 100; };
        const int n = 7200;
        feed(store, kT0, n, [&](int i) {
            GroupValues v;
            v.pending = pendingAt(i);
            v.lag = i;
            return v;
        });
        const qint64 last = kT0 + (n - 1) * 1000LL;
        QCOMPARE(store.latestMs(), last);

        // Tier 0: exactly the last hour of polls, one per second.
        const SeriesWindow raw = store.window(kKey, Metric::Lag, last - kHour, last, 1'000'000);
        QCOMPARE(raw.tier, 0);
        QVERIFY(!raw.decimated);
        QCOMPARE(raw.t.size(), 3601);
        QCOMPARE(raw.t.first(), double(last - kHour) / 1000.0);
        QCOMPARE(raw.v.first(), double(n - 1 - 3600));
        QCOMPARE(raw.v.last(), double(n - 1));

        // The whole range: 10 s buckets before the first retained poll, polls after it.
        const SeriesWindow all = store.window(kKey, Metric::Pending, kT0, last, 1'000'000);
        QCOMPARE(all.tier, 1);
        const double rawStart = double(last - kHour) / 1000.0;
        int bucketPoints = 0;
        for (int i = 0; i < all.t.size(); ++i) {
            if (all.t[i] < rawStart) {
                ++bucketPoints;
                if (i > 0)
                    QCOMPARE(all.t[i] - all.t[i - 1], 10.0);
            } else if (i > 0 && all.t[i - 1] >= rawStart) {
                QCOMPARE(all.t[i] - all.t[i - 1], 1.0);
            }
        }
        QCOMPARE(bucketPoints, 360); // the first hour, all of it older than the first raw poll
        QCOMPARE(all.t.size(), 360 + 3601);
        QCOMPARE(maxOf(all.v), 1'000'000.0); // pending shows each bucket's max: the spike survives

        // Tier 1 covers both hours: 720 buckets (the last one still open), each
        // with 10 polls, and each bucket's max and min are the true ones.
        const QVector<BucketStats> b = store.buckets(kKey, Metric::Pending, kT0, last);
        QCOMPARE(b.size(), 720);
        for (int k = 0; k < b.size(); ++k) {
            QCOMPARE(b[k].startMs, kT0 + k * 10'000LL);
            QCOMPARE(b[k].count, 10);
            qint64 mx = 0, mn = LLONG_MAX;
            double sum = 0;
            for (int i = k * 10; i < k * 10 + 10; ++i) {
                mx = std::max(mx, pendingAt(i));
                mn = std::min(mn, pendingAt(i));
                sum += double(pendingAt(i));
            }
            QCOMPARE(b[k].hi, double(mx));
            QCOMPARE(b[k].lo, double(mn));
            QVERIFY(std::abs(b[k].mean - sum / 10) < 1e-3 * std::max(1.0, sum / 10));
        }
        QCOMPARE(b[123].hi, 1'000'000.0);
    }

    void boundsAndAgeOut()
    {
        HistoryStore store;
        // Group "gone" is seen only in the first 30 minutes.
        qint64 bytesAt24h = 0;
        const int n = 25 * 3600;
        for (int i = 0; i < n; ++i) {
            const qint64 t = kT0 + i * 1000LL;
            SnapshotData d;
            d.takenAtMs = t;
            StreamSnapshot s;
            s.key = "s";
            s.entriesAdded = i * 3LL;
            GroupSnapshot g;
            g.name = "g";
            g.lag = i % 50;
            g.pending = i % 10;
            g.entriesRead = i * 3LL - i % 50;
            s.groups.append(g);
            if (i < 1800) {
                g.name = "gone";
                s.groups.append(g);
            }
            d.streams.append(s);
            store.append(Snapshot(std::move(d)));
            if (i == 24 * 3600 - 1) {
                bytesAt24h = store.bytesUsed();
                // Unseen for 23.5 h: still there.
                QCOMPARE(store.groups().size(), 2);
            }
        }
        const qint64 last = kT0 + (n - 1) * 1000LL;
        const qint64 bytesAt25h = store.bytesUsed();
        qInfo("two groups, 24 h: %lld bytes; one left at 25 h: %lld bytes", bytesAt24h, bytesAt25h);
        // The gone group gave its series up soon after it went (before: held
        // until it aged out at 24.5 h, 2.18 MB with it, 1.16 MB without):
        // at 24 h the store is about one group's size.
        QVERIFY2(double(bytesAt24h) < 1.1 * double(bytesAt25h), qPrintable(fillText(QStringLiteral("%1 bytes"), bytesAt24h)));

        // Unseen for 24.5 h: aged out, with its status changes.
        QCOMPARE(store.groups(), QList<GroupKey>{kKey});

        // Nothing older than 24 h remains, and the day is there.
        const SeriesWindow w = store.window(kKey, Metric::Lag, 0, last, 1'000'000);
        QVERIFY(!w.t.isEmpty());
        QVERIFY(w.t.first() >= double(last - kDay) / 1000.0);
        QVERIFY(w.t.first() <= double(last - kDay + 15'000) / 1000.0);
        const QVector<BucketStats> b = store.buckets(kKey, Metric::Lag, 0, last);
        QVERIFY(b.first().startMs >= last - kDay);
        QVERIFY(b.size() <= HistoryStore::Tier1Capacity + 1);
        QVERIFY(b.size() >= HistoryStore::Tier1Capacity - 1);
    }

    // Many groups: a group costs what it recorded (rings start small and
    // double), and past the memory budget every tier keeps a shorter span
    // instead of growing on; the newest data is always there.
    void memoryBudgetBoundsManyGroups()
    {
        SnapshotData d;
        for (int s = 0; s < 40; ++s) {
            StreamSnapshot st;
            st.key = "orders:" + QByteArray::number(s);
            for (int g = 0; g < 5; ++g) {
                GroupSnapshot gs;
                gs.name = "group-" + QByteArray::number(g);
                st.groups.append(gs);
            }
            d.streams.append(st);
        }
        HistoryStore store;
        const qint64 budget = 16LL * 1024 * 1024;
        store.setMemoryBudget(budget);
        const int n = 3 * 3600;
        qint64 bytesAt10Min = 0;
        for (int i = 0; i < n; ++i) {
            d.takenAtMs = kT0 + i * 1000LL;
            for (StreamSnapshot &st : d.streams) {
                st.entriesAdded = i * 10LL;
                for (int g = 0; g < st.groups.size(); ++g) {
                    st.groups[g].lag = (i + g) % 97;
                    st.groups[g].pending = i % 41;
                }
            }
            store.append(Snapshot(d));
            if (i == 599)
                bytesAt10Min = store.bytesUsed();
        }
        const qint64 bytes = store.bytesUsed();
        const HistoryStore::TierLimits limits = store.tierLimits();
        qInfo("200 groups: %.1f MB after 10 min, %.1f MB after 3 h (budget %.0f MB); limits %d polls, %d buckets, %d coarse", bytesAt10Min / 1e6,
              bytes / 1e6, budget / 1e6, limits.raw, limits.buckets, limits.coarse);
        QCOMPARE(store.groups().size(), 200);
        // Ten minutes cost ten minutes: a full day would be ~200 MB.
        QVERIFY2(bytesAt10Min < 20'000'000, qPrintable(QString::number(bytesAt10Min)));
        QVERIFY2(bytes <= budget * 11 / 10, qPrintable(QString::number(bytes)));
        QVERIFY(limits.buckets < HistoryStore::Tier1Capacity && limits.buckets >= HistoryStore::Tier1Floor);
        // The newest is kept: the last 30 s read back exactly.
        const qint64 last = kT0 + (n - 1) * 1000LL;
        const SeriesWindow w = store.window(GroupKey{"orders:7", "group-3"}, Metric::Lag, last - 29'000, last);
        QCOMPARE(w.t.size(), 30);
        QCOMPARE(w.v.last(), double((n - 1 + 3) % 97));
        // Older than the budget allows: gone, not wrong.
        const QVector<BucketStats> b = store.buckets(GroupKey{"orders:7", "group-3"}, Metric::Lag, 0, last);
        QVERIFY(b.size() <= limits.buckets + 1);

        // Few groups: the budget changes nothing (a full day each).
        HistoryStore small;
        small.setMemoryBudget(budget);
        SnapshotData one = d;
        one.streams = {d.streams.first()};
        for (int i = 0; i < 60; ++i) {
            one.takenAtMs = kT0 + i * 1000LL;
            small.append(Snapshot(one));
        }
        QCOMPARE(small.tierLimits().buckets, HistoryStore::Tier1Capacity);
    }

    // Stream churn (issue 34): five new streams a second, each with a group,
    // each gone after 30 s, for 20 minutes. The live groups stay, and of the
    // gone ones only the GoneGroupsKept last seen: the store levels off
    // instead of keeping 6,000 groups' series for a day.
    void goneGroupsLevelOff()
    {
        HistoryStore store;
        constexpr int kPerSecond = 5, kLifeS = 30, kSeconds = 20 * 60;
        qint64 bytesAt5Min = 0;
        for (int t = 0; t < kSeconds; ++t) {
            SnapshotData d;
            d.takenAtMs = kT0 + t * 1000LL;
            for (int born = std::max(0, t - kLifeS + 1); born <= t; ++born)
                for (int k = 0; k < kPerSecond; ++k) {
                    StreamSnapshot st;
                    st.key = "reply:" + QByteArray::number(born) + ":" + QByteArray::number(k);
                    st.entriesAdded = t - born;
                    GroupSnapshot g;
                    g.name = "g";
                    g.lag = 0;
                    g.pending = 1;
                    st.groups.append(g);
                    d.streams.append(st);
                }
            std::sort(d.streams.begin(), d.streams.end(), [](const auto &a, const auto &b) { return a.key < b.key; });
            store.append(Snapshot(std::move(d)));
            if (t == 5 * 60)
                bytesAt5Min = store.bytesUsed();
        }
        const qsizetype live = kPerSecond * kLifeS;
        const qsizetype recentlyGone = kPerSecond * (HistoryStore::GoneAfterMs / 1000 + 10); // + one bucket before forgetting
        qInfo("%lld groups held after %d s of churn (%lld live); %.1f MB at 5 min, %.1f MB at 20 min", qint64(store.groups().size()), kSeconds,
              qint64(live), bytesAt5Min / 1e6, store.bytesUsed() / 1e6);
        QVERIFY2(store.groups().size() <= live + recentlyGone + HistoryStore::GoneGroupsKept, qPrintable(QString::number(store.groups().size())));
        // Gone ones give their series up (the file keeps them), and a series
        // holds only the slots its group lived in: the bytes stay flat. Before:
        // 11.1 MB at 5 min, 38.1 MB at 20 (1.8 MB a minute) while gone groups
        // kept their series; 3.9 → 17.2 MB while every live group's series was
        // as long as the axis; now 1.9 → 2.1 MB.
        const double perMinute = double(store.bytesUsed() - bytesAt5Min) / 1e6 / 15.0;
        QVERIFY2(perMinute <= 0.1, qPrintable(fillText(QStringLiteral("%1 MB a minute"), perMinute)));
        // The live ones are all there, with their series.
        const GroupKey newest{"reply:" + QByteArray::number(kSeconds - 1) + ":0", "g"};
        QVERIFY(store.groups().contains(newest));
    }

    // A series holds the newest slots its group was written in: unknown
    // before, in what it skipped and after; a long absence starts it again;
    // at its limit the oldest go.
    void tailSeriesHoldsWhatWasWritten()
    {
        using history_detail::TailSeries;
        TailSeries s;
        QVERIFY(std::isnan(s.at(0)));
        QCOMPARE(s.bytes(), 0);
        s.set(100, 1.0f, 64);
        s.set(101, 2.0f, 64);
        s.set(104, 5.0f, 64); // 102 and 103 skipped
        QVERIFY(std::isnan(s.at(99)));
        QCOMPARE(s.at(100), 1.0f);
        QCOMPARE(s.at(101), 2.0f);
        QVERIFY(std::isnan(s.at(102)));
        QVERIFY(std::isnan(s.at(103)));
        QCOMPARE(s.at(104), 5.0f);
        QVERIFY(std::isnan(s.at(105)));
        QCOMPARE(s.bytes(), qint64(TailSeries::kInitialCapacity * sizeof(float)));
        s.set(104, 6.0f, 64); // the newest again
        QCOMPARE(s.at(104), 6.0f);
        s.set(103, 9.0f, 64); // the past is not rewritten
        QVERIFY(std::isnan(s.at(103)));
        for (qint64 n = 105; n < 300; ++n) // grows by half up to the limit, then drops the oldest
            s.set(n, float(n), 64);
        QCOMPARE(s.bytes(), qint64(64 * sizeof(float)));
        QVERIFY(std::isnan(s.at(235)));
        QCOMPARE(s.at(236), 236.0f);
        QCOMPARE(s.at(299), 299.0f);
        s.limitTo(10);
        QVERIFY(std::isnan(s.at(289)));
        QCOMPARE(s.at(290), 290.0f);
        QCOMPARE(s.at(299), 299.0f);
        s.set(1000, 7.0f, 10); // away longer than it holds: starts again
        QVERIFY(std::isnan(s.at(299)));
        QVERIFY(std::isnan(s.at(999)));
        QCOMPARE(s.at(1000), 7.0f);
        s.clear();
        QVERIFY(s.isEmpty());
        QVERIFY(std::isnan(s.at(1000)));
    }

    void memoryFiftyGroupsOneDay()
    {
        // 10 streams x 5 groups, 2 consumers each, 1 Hz for 24 h then one more hour.
        // Expected: per group 7 series x (3,664 polls + 3 x 8,640 buckets) x 4 B
        // = 828 KB, 2 consumers x 2 x 3,664 x 4 B = 59 KB; 50 groups = 44.4 MB
        // plus small change. Bound: 46 MB.
        SnapshotData d;
        for (int s = 0; s < 10; ++s) {
            StreamSnapshot st;
            st.key = "orders:" + QByteArray::number(s);
            for (int g = 0; g < 5; ++g) {
                GroupSnapshot gs;
                gs.name = "group-" + QByteArray::number(g);
                gs.consumers = 2;
                gs.consumersAgeMs = 0;
                gs.consumerList = {ConsumerSnapshot{"c1", 0, 0, {}}, ConsumerSnapshot{"c2", 0, 0, {}}};
                st.groups.append(gs);
            }
            d.streams.append(st);
        }
        HistoryStore store;
        QElapsedTimer timer;
        timer.start();
        qint64 bytesAt24h = 0;
        const int n = 25 * 3600;
        for (int i = 0; i < n; ++i) {
            d.takenAtMs = kT0 + i * 1000LL;
            for (int s = 0; s < d.streams.size(); ++s) {
                StreamSnapshot &st = d.streams[s];
                st.entriesAdded = i * 10LL;
                for (int g = 0; g < st.groups.size(); ++g) {
                    GroupSnapshot &gs = st.groups[g];
                    gs.lag = (i + g) % 97;
                    gs.entriesRead = i * 10LL - *gs.lag;
                    gs.pending = (i * 3 + s) % 41;
                    gs.oldestIdleMs = (i % 60) * 1000LL;
                    gs.consumerList[0].pending = i % 7;
                    gs.consumerList[0].idleMs = i % 5 * 100LL;
                }
            }
            store.append(Snapshot(d));
            if (i == 24 * 3600 - 1)
                bytesAt24h = store.bytesUsed();
        }
        const qint64 ms = timer.elapsed();
        const qint64 bytesAt25h = store.bytesUsed();
        qInfo("50 groups x 24 h: %.1f MB (%lld bytes), after 25 h: %lld bytes; %d appends in %lld ms", bytesAt24h / 1e6, bytesAt24h, bytesAt25h, n,
              ms);
        QCOMPARE(store.groups().size(), 50);
        // 2 min tier included (~2.3 MB for 50 groups); eight series a group since
        // "how far behind" joined (was 49 MB for seven).
        QVERIFY(bytesAt24h < 56'000'000);
        QVERIFY(bytesAt24h > 40'000'000); // the accounting is not forgetting the buffers
        QVERIFY(std::abs(double(bytesAt25h - bytesAt24h)) <= 0.03 * double(bytesAt24h));

        const GroupKey key{"orders:3", "group-2"};
        const qint64 last = store.latestMs();
        const SeriesWindow w = store.window(key, Metric::Lag, last - kDay, last);
        QVERIFY(w.decimated);
        QVERIFY(w.t.size() <= 2000);
        QCOMPARE(maxOf(w.v), 96.0);
        const SeriesWindow c = store.consumerWindow(key, "c1", ConsumerMetric::Pending, last - kHour, last, 100'000);
        QCOMPARE(c.t.size(), 3601);
        QCOMPARE(c.v.last(), double((n - 1) % 7));
    }

    void rates()
    {
        HistoryStore store;
        const qint64 t[] = {0, 1000, 2500, 3500, 4500, 5500, 6500};
        GroupValues v;
        v.lag = std::nullopt; // the stream's entries-added is the only source here
        v.entriesAdded = 0;
        v.entriesRead = 0;
        store.append(single(kT0 + t[0], v));
        v.entriesAdded = 50;
        v.entriesRead = 20; // +50 in 1 s, +20 read
        store.append(single(kT0 + t[1], v));
        v.entriesAdded = 80;
        v.entriesRead = 35; // +30 in 1.5 s, +15
        store.append(single(kT0 + t[2], v));
        v.entriesAdded = std::nullopt;
        v.entriesRead = std::nullopt; // missing: unknown
        store.append(single(kT0 + t[3], v));
        v.entriesAdded = 180;
        v.entriesRead = 55; // +100 and +20 over the 2 s since the last known
        store.append(single(kT0 + t[4], v));
        v.entriesAdded = 180;
        v.entriesRead = 5; // entries-read went back (SETID): unknown
        store.append(single(kT0 + t[5], v));
        // entries-added stale (XINFO STREAM rationed) but lag known: entries-read + lag is live.
        v.entriesAdded = 180;
        v.entriesRead = 15;
        v.lag = 200;
        store.append(single(kT0 + t[6], v));

        const SeriesWindow in = store.window(kKey, Metric::InRate, kT0, kT0 + 10'000);
        const SeriesWindow out = store.window(kKey, Metric::OutRate, kT0, kT0 + 10'000);
        QCOMPARE(in.t.size(), 7);
        QVERIFY(std::isnan(in.v[0]));
        QCOMPARE(in.v[1], 50.0);
        QCOMPARE(in.v[2], 20.0);
        QVERIFY(std::isnan(in.v[3]));
        QCOMPARE(in.v[4], 50.0);
        QCOMPARE(in.v[5], 0.0);
        QCOMPARE(in.v[6], 35.0); // 15 + 200 = 215 against 180
        QVERIFY(std::isnan(out.v[0]));
        QCOMPARE(out.v[1], 20.0);
        QCOMPARE(out.v[2], 10.0);
        QVERIFY(std::isnan(out.v[3]));
        QCOMPARE(out.v[4], 10.0);
        QVERIFY(std::isnan(out.v[5]));
        QCOMPARE(out.v[6], 10.0); // new baseline after the reset
    }

    void nilLagIsNaN()
    {
        HistoryStore store;
        feed(store, kT0, 20, [](int i) {
            GroupValues v;
            v.lag = i < 10 ? std::optional<qint64>(i) : std::nullopt;
            v.pending = 5;
            return v;
        });
        const SeriesWindow w = store.window(kKey, Metric::Lag, kT0, kT0 + 19'000);
        QCOMPARE(w.v.size(), 20);
        QCOMPARE(w.v[9], 9.0);
        for (int i = 10; i < 20; ++i)
            QVERIFY(std::isnan(w.v[i]));
        // The bucket of unknowns is unknown, not zero.
        const QVector<BucketStats> b = store.buckets(kKey, Metric::Lag, kT0, kT0 + 19'000);
        QCOMPARE(b.size(), 2);
        QCOMPARE(b[0].hi, 9.0);
        QVERIFY(std::isnan(b[1].hi));
        QVERIFY(std::isnan(b[1].mean));
        QCOMPARE(store.window(kKey, Metric::Pending, kT0, kT0 + 19'000).v[15], 5.0);
    }

    void decimationKeepsSpike()
    {
        HistoryStore store;
        // 3 h at 1 Hz of zeros but two single-poll spikes: one in tier 0, one
        // only in tier 1, and a single-poll dip in consumers alive.
        const int n = 3 * 3600;
        feed(store, kT0, n, [](int i) {
            GroupValues v;
            v.lag = i == 9000 ? 500 : i == 2000 ? 700 : 0;
            v.consumers = 3;
            v.consumerList = {ConsumerSnapshot{"a", 0, 0, {}}, ConsumerSnapshot{"b", 0, i == 1500 ? 120'000 : 0, {}},
                              ConsumerSnapshot{"c", 0, 0, {}}};
            return v;
        });
        const qint64 last = kT0 + (n - 1) * 1000LL;
        const SeriesWindow hour = store.window(kKey, Metric::Lag, last - kHour, last, 100);
        QVERIFY(hour.decimated);
        QVERIFY(hour.t.size() <= 100);
        QCOMPARE(maxOf(hour.v), 500.0);
        for (int i = 1; i < hour.t.size(); ++i)
            QVERIFY(hour.t[i] > hour.t[i - 1]);

        const SeriesWindow day = store.window(kKey, Metric::Lag, last - kDay, last, 50);
        QVERIFY(day.decimated);
        QVERIFY(day.t.size() <= 50);
        QCOMPARE(day.tier, 2); // columns of ~1 h: read from the 2 min buckets
        QCOMPARE(maxOf(day.v), 700.0);
        QCOMPARE(maxOf(day.hi), 700.0);
        for (int i = 1; i < day.t.size(); ++i)
            QVERIFY(day.t[i] > day.t[i - 1]);
        // The 2 min tier and the finer tiers agree on what a day holds.
        const SeriesWindow fine = store.window(kKey, Metric::Lag, last - kDay, last, 1'000'000);
        QCOMPARE(fine.tier, 1);
        QCOMPARE(maxOf(fine.v), 700.0);

        const SeriesWindow alive = store.window(kKey, Metric::ConsumersAlive, kT0, last, 60);
        double mn = INFINITY;
        for (double x : alive.v)
            mn = std::min(mn, x);
        QCOMPARE(mn, 2.0); // alive shows each bucket's minimum
    }

    void consumersAndClockSteps()
    {
        HistoryStore store;
        feed(store, kT0, 30, [](int i) {
            GroupValues v;
            v.consumers = 2;
            v.consumerList = {ConsumerSnapshot{"a", i, i * 1000LL, {}}};
            if (i >= 10)
                v.consumerList.append(ConsumerSnapshot{QByteArray("b\xff", 2), 1, 500, {}});
            return v;
        });
        QCOMPARE(store.consumers(kKey), (QList<QByteArray>{"a", QByteArray("b\xff", 2)}));
        const SeriesWindow idle = store.consumerWindow(kKey, "a", ConsumerMetric::IdleSeconds, kT0, kT0 + 29'000);
        QCOMPARE(idle.v.size(), 30);
        QCOMPARE(idle.v[29], 29.0);
        const SeriesWindow b = store.consumerWindow(kKey, QByteArray("b\xff", 2), ConsumerMetric::Pending, kT0, kT0 + 29'000);
        QVERIFY(std::isnan(b.v[9]));
        QCOMPARE(b.v[10], 1.0);
        const SeriesWindow alive = store.window(kKey, Metric::ConsumersAlive, kT0, kT0 + 29'000);
        QCOMPARE(alive.v[5], 1.0);  // a only, idle 5 s
        QCOMPARE(alive.v[29], 2.0); // a idle 29 s, b 0.5 s: both under 60 s

        // Server time stepping back or standing still: dropped.
        store.append(single(kT0 + 29'000, {}));
        store.append(single(kT0 + 5'000, {}));
        QCOMPARE(store.droppedSnapshots(), 2);
        QCOMPARE(store.latestMs(), kT0 + 29'000);

        store.clear();
        QVERIFY(store.groups().isEmpty());
        QCOMPARE(store.latestMs(), 0);
        QVERIFY(store.window(kKey, Metric::Lag, 0, LLONG_MAX).t.isEmpty());
    }

    void fastPollsAndLimits()
    {
        // 2 polls a second for 90 min: tier 0 grows to hold the hour, in order.
        HistoryStore store;
        const int n = 2 * 5400;
        for (int i = 0; i < n; ++i) {
            GroupValues v;
            v.lag = i;
            v.consumers = 40;
            for (int c = 0; c < 40; ++c)
                v.consumerList.append(ConsumerSnapshot{"c" + QByteArray::number(c).rightJustified(2, '0'), i, 0, {}});
            store.append(single(kT0 + i * 500LL, v));
        }
        const qint64 last = kT0 + (n - 1) * 500LL;
        const SeriesWindow w = store.window(kKey, Metric::Lag, last - kHour, last, 1'000'000);
        QCOMPARE(w.tier, 0);
        QCOMPARE(w.t.size(), 7201);
        for (int i = 0; i < w.v.size(); ++i)
            QCOMPARE(w.v[i], double(n - 7201 + i));
        // Only so many consumers get a series; the first by name here.
        QCOMPARE(store.consumers(kKey).size(), HistoryStore::ConsumersPerGroupLimit);
        const SeriesWindow c = store.consumerWindow(kKey, "c00", ConsumerMetric::Pending, last - kHour, last, 1'000'000);
        QCOMPARE(c.t.size(), 7201);
        QCOMPARE(c.v.last(), double(n - 1));
        QVERIFY(store.consumerWindow(kKey, "c39", ConsumerMetric::Pending, 0, last).t.isEmpty());
    }

    void stalled()
    {
        HistoryRuleThresholds th;
        // Reads for 10 s, then none for 72 s with 3,127 entries waiting.
        auto run = [&](int polls, bool keepReading, std::optional<qint64> lag) {
            HistoryStore store;
            feed(store, kT0, polls, [&](int i) {
                GroupValues v;
                v.lag = lag;
                const int read = keepReading ? i : std::min(i, 9);
                v.entriesRead = 1000 + read;
                v.lastDeliveredId = QByteArray::number(read) + "-0";
                return v;
            });
            return applyHistoryRules(store, kKey, HealthVerdict{}, th, store.latestMs());
        };
        HealthVerdict v = run(82, false, 3127); // last read at poll 9, now poll 81: 72 s
        QCOMPARE(v.status, Health::Crit);
        QCOMPARE(renderReasons(v.reasons), QStringList{QStringLiteral("stalled: lag 3,127 and no entry read for 1m12s")});

        QCOMPARE(run(69, false, 3127).status, Health::Ok);   // 59 s
        QCOMPARE(run(70, false, 3127).status, Health::Crit); // 60 s
        QCOMPARE(run(200, true, 3127).status, Health::Ok);   // reading steadily
        QCOMPARE(run(200, false, 0).status, Health::Ok);     // nothing to read
        QCOMPARE(run(200, false, std::nullopt).status, Health::Ok);

        // Never seen moving: says how long it was watched.
        HistoryStore store;
        feed(store, kT0, 91, [](int) {
            GroupValues v;
            v.lag = 5;
            v.entriesRead = 7;
            return v;
        });
        v = applyHistoryRules(store, kKey, HealthVerdict{}, th, store.latestMs());
        QCOMPARE(renderReasons(v.reasons), QStringList{QStringLiteral("stalled: lag 5 and no entry read in 1m30s of watching")});

        // Merged with the snapshot's own verdict: worse status, reasons appended.
        HealthVerdict base = verdictOf(Health::Warn, Reason::verbatim(QStringLiteral("lag 3,127 ≥ 1,000 unread entries")));
        v = applyHistoryRules(store, kKey, base, th, store.latestMs());
        QCOMPARE(v.status, Health::Crit);
        QCOMPARE(v.reasons.size(), 2);
        QCOMPARE(renderReasons(v.reasons).first(), renderReasons(base.reasons).first());

        // A group the latest snapshot lacked is left alone.
        store.append(single(store.latestMs() + 1000, {}, "other", "g"));
        QCOMPARE(applyHistoryRules(store, kKey, base, th, store.latestMs()).status, Health::Warn);
    }

    // A window opened on a recording (the demo's simulated past, or a history
    // from an earlier run) judges its first live poll on what the recording
    // says: it holds out rates, not entries-read.
    void stalledAfterARecording()
    {
        HistoryRuleThresholds th;
        const auto replay = [](HistoryStore &store, qint64 from, qint64 to, float outRate) {
            for (qint64 ms = from; ms <= to; ms += 5000) {
                RecordedValues row;
                row.key = kKey;
                std::fill(std::begin(row.values), std::end(row.values), 0.0f);
                row.values[int(Metric::Lag)] = 3000;
                row.values[int(Metric::OutRate)] = outRate;
                row.status = Health::Warn;
                store.appendRecorded(ms, {row});
            }
        };
        const auto live = [](HistoryStore &store, qint64 ms, qint64 read) {
            GroupValues v;
            v.lag = 3000;
            v.entriesRead = read;
            v.lastDeliveredId = QByteArray::number(read) + "-0";
            store.append(single(ms, v));
        };
        const qint64 now = kT0 + 30 * 60'000;

        // Reading all through the recording, which runs up to now: not stalled
        // at the first live poll (it said "no entry read in 30m of watching").
        HistoryStore reading;
        replay(reading, kT0, now - 5000, 12.0f);
        live(reading, now, 100);
        QCOMPARE(applyHistoryRules(reading, kKey, HealthVerdict{}, th, now).status, Health::Ok);

        // Nothing read all through a recording that runs up to now: stalled,
        // on the recording's word.
        HistoryStore idle;
        replay(idle, kT0, now - 5000, 0.0f);
        live(idle, now, 100);
        HealthVerdict v = applyHistoryRules(idle, kKey, HealthVerdict{}, th, now);
        QCOMPARE(v.status, Health::Crit);
        QCOMPARE(renderReasons(v.reasons), QStringList{QStringLiteral("stalled: lag 3,000 and no entry read in 30m00s of watching")});

        // A recording that ended 10 minutes ago did not watch since: the clock
        // starts at the first live poll, and a minute of live polls with no
        // read is a stall again.
        HistoryStore gap;
        replay(gap, kT0, now - 10 * 60'000, 0.0f);
        live(gap, now, 100);
        QCOMPARE(applyHistoryRules(gap, kKey, HealthVerdict{}, th, now).status, Health::Ok);
        for (int i = 1; i <= 60; ++i)
            live(gap, now + i * 1000, 100);
        v = applyHistoryRules(gap, kKey, HealthVerdict{}, th, now + 60'000);
        QCOMPARE(v.status, Health::Crit);
        QCOMPARE(renderReasons(v.reasons), QStringList{QStringLiteral("stalled: lag 3,000 and no entry read in 1m00s of watching")});
    }

    void pendingClimbing()
    {
        HistoryRuleThresholds th;
        auto verdict = [&](int polls, const std::function<qint64(int)> &pending) {
            HistoryStore store;
            feed(store, kT0, polls, [&](int i) {
                GroupValues v;
                v.pending = pending(i);
                v.entriesRead = i;
                return v;
            });
            return applyHistoryRules(store, kKey, HealthVerdict{}, th, store.latestMs());
        };
        // 120 -> 480 over 5 min (1.2 per second) with in-flight wobble on top.
        auto climb = [](int i) -> qint64 { return 120 + (i * 6) / 5 + (i % 4 == 1 ? 7 : 0); };
        HealthVerdict v = verdict(301, climb);
        QCOMPARE(v.status, Health::Warn);
        QCOMPARE(renderReasons(v.reasons), QStringList{QStringLiteral("pending climbing: 120 → 480 over 5m00s")});

        // Not climbing:
        QCOMPARE(verdict(301, [](int i) -> qint64 { return (i * 13) % 50; }).status, Health::Ok);       // sawtooth
        QCOMPARE(verdict(301, [](int) -> qint64 { return 40; }).status, Health::Ok);                    // flat
        QCOMPARE(verdict(301, [](int i) -> qint64 { return i < 150 ? 100 : 101; }).status, Health::Ok); // one step
        QCOMPARE(verdict(301, [&](int i) -> qint64 { return i >= 150 && i < 160 ? 50 : climb(i); }).status,
                 Health::Ok);                             // drained in the middle
        QCOMPARE(verdict(200, climb).status, Health::Ok); // watched < 5 min

        // Too few buckets with a known pending.
        HistoryStore gaps;
        feed(gaps, kT0, 301, [&](int i) {
            GroupValues g;
            g.pending = (i / 10) % 3 == 0 ? std::optional<qint64>(climb(i)) : std::nullopt; // a third of buckets known
            return g;
        });
        QCOMPARE(applyHistoryRules(gaps, kKey, HealthVerdict{}, th, gaps.latestMs()).status, Health::Ok);
    }

    void statusChanges()
    {
        HistoryStore store;
        HistoryRuleThresholds th;
        auto verdictAt = [](int i) -> HealthVerdict {
            switch (i % 5) {
            case 1: return verdictOf(Health::Warn, Reason::verbatim(QStringLiteral("w")));
            case 2: return verdictOf(Health::Warn, Reason::verbatim(QStringLiteral("w2")));
            case 3: return verdictOf(Health::Crit, Reason::verbatim(QStringLiteral("c")));
            default: return {};
            }
        };
        for (int i = 0; i < 5; ++i) {
            GroupValues v;
            v.health = verdictAt(i);
            const auto out = appendAndEvaluate(store, single(kT0 + i * 1000LL, v), th);
            QCOMPARE(out.value(kKey, v.health).status, v.health.status); // absent: the history rules changed nothing
        }
        const QList<StatusChange> all = store.statusChanges(kKey);
        // The first verdict is "first seen OK", not a transition from anything.
        QCOMPARE(all.size(), 4);
        QVERIFY(all[0].firstSeen);
        QCOMPARE(all[0].atMs, kT0);
        QCOMPARE(all[0].to, Health::Ok);
        const QList<StatusChange> c = all.mid(1);
        QCOMPARE(c.size(), 3); // ok->warn, warn->crit, crit->ok; reasons alone are no change
        QVERIFY(!c[0].firstSeen);
        QCOMPARE(c[0].atMs, kT0 + 1000);
        QCOMPARE(c[0].from, Health::Ok);
        QCOMPARE(c[0].to, Health::Warn);
        QCOMPARE(renderReasons(c[0].reasons), QStringList{QStringLiteral("w")});
        QCOMPARE(c[1].to, Health::Crit);
        QCOMPARE(c[2].from, Health::Crit);
        QCOMPARE(c[2].to, Health::Ok);
        // First seen already bad: one record, "first seen CRIT", never "OK → CRIT".
        HistoryStore fresh;
        GroupValues bad;
        bad.health = verdictOf(Health::Crit, Reason::verbatim(QStringLiteral("c")));
        appendAndEvaluate(fresh, single(kT0, bad), th);
        QCOMPARE(fresh.statusChanges(kKey).size(), 1);
        QVERIFY(fresh.statusChanges(kKey).first().firstSeen);
        QCOMPARE(fresh.statusChanges(kKey).first().to, Health::Crit);

        for (int i = 5; i < 2000; ++i) {
            GroupValues v;
            v.health = verdictAt(i);
            appendAndEvaluate(store, single(kT0 + i * 1000LL, v), th);
        }
        const QList<StatusChange> bounded = store.statusChanges(kKey);
        QCOMPARE(bounded.size(), HistoryStore::StatusChangeLimit);
        QCOMPARE(bounded.last().atMs, kT0 + 1999 * 1000LL); // i = 1999: crit -> ok
        QVERIFY(bounded.first().atMs < bounded.last().atMs);
    }

    // Since when a group has had its status: the change into it; "at least"
    // when it already had it at the first verdict, or when the oldest changes
    // were let go; a recorded past and the live verdict after it are one story.
    void statusSince()
    {
        HistoryRuleThresholds th;
        auto at = [&](HistoryStore &store, qint64 ms, Health h) {
            GroupValues v;
            v.health = verdictOf(h, Reason::verbatim(QStringLiteral("r")));
            appendAndEvaluate(store, single(ms, v), th);
        };
        HistoryStore store;
        at(store, kT0, Health::Crit); // already CRIT when watching began
        at(store, kT0 + 1000, Health::Crit);
        QCOMPARE(store.statusSince(kKey, Health::Crit)->atMs, kT0);
        QVERIFY(store.statusSince(kKey, Health::Crit)->atLeast);
        QVERIFY(!store.statusSince(kKey, Health::Ok)); // not its status now
        at(store, kT0 + 2000, Health::Warn);
        at(store, kT0 + 3000, Health::Warn);
        QCOMPARE(store.statusSince(kKey, Health::Warn)->atMs, kT0 + 2000);
        QVERIFY(!store.statusSince(kKey, Health::Warn)->atLeast); // a real change, seen
        QVERIFY(!store.statusSince({"s", "other"}, Health::Ok));

        // The recorded past says CRIT since kT0 + 5000 (a change from WARN);
        // the live window's first verdict is CRIT too: still since then, and
        // no "first seen" added.
        HistoryStore reopened;
        at(reopened, kT0 + 4000, Health::Ok); // a recorded poll, so the group exists
        reopened.addRecordedChange(kKey, StatusChange{kT0 + 5000, Health::Warn, Health::Crit, {Reason::verbatim(QStringLiteral("c"))}, false});
        const qsizetype before = reopened.statusChanges(kKey).size();
        at(reopened, kT0 + 9000, Health::Crit);
        QCOMPARE(reopened.statusChanges(kKey).size(), before);
        QCOMPARE(reopened.statusSince(kKey, Health::Crit)->atMs, kT0 + 5000);
        QVERIFY(!reopened.statusSince(kKey, Health::Crit)->atLeast);

        // Recorded polls alone (no status events, as the demo's simulated
        // past): since the poll the status began in; "at least" for the first.
        HistoryStore replayed;
        auto recorded = [&](qint64 ms, Health h) {
            RecordedValues row;
            row.key = kKey;
            std::fill(std::begin(row.values), std::end(row.values), 0.0f);
            row.status = h;
            replayed.appendRecorded(ms, {row});
        };
        recorded(kT0, Health::Crit);
        recorded(kT0 + 1000, Health::Crit);
        QCOMPARE(replayed.statusSince(kKey, Health::Crit)->atMs, kT0);
        QVERIFY(replayed.statusSince(kKey, Health::Crit)->atLeast);
        recorded(kT0 + 2000, Health::Warn);
        recorded(kT0 + 3000, Health::Warn);
        at(replayed, kT0 + 4000, Health::Warn); // the live verdict goes on from it
        QCOMPARE(replayed.statusSince(kKey, Health::Warn)->atMs, kT0 + 2000);
        QVERIFY(!replayed.statusSince(kKey, Health::Warn)->atLeast);
        QVERIFY(replayed.statusChanges(kKey).isEmpty()); // nothing changed live
    }

    // A chart's series with a Prometheus's past in front (GroupPage): only
    // what lies between the window's start and the first local point, a gap
    // between the two, times that only increase, and how far back it reaches.
    void backfillGoesInFrontWithAGap()
    {
        SeriesWindow local;
        local.t = {100, 101, 102};
        local.v = {std::nan(""), 5, 6}; // unknown until 101
        local.lo = local.v;
        local.hi = local.v;
        const QVector<double> fetchedT{50, 90, 100.5, 101, 110}, fetchedV{1, 2, 3, 4, 5};
        std::optional<qint64> held;
        const SeriesWindow w = withBackfill(local, fetchedT, fetchedV, 60'000, 102'000, std::nullopt, &held);
        QCOMPARE(w.t, (QVector<double>{90, 100.5, 100.75, 101, 102})); // 50 is before the window, 101 and 110 are local time
        QCOMPARE(w.v.size(), 5);
        QCOMPARE(w.v.at(0), 2.0);
        QCOMPARE(w.v.at(1), 3.0);
        QVERIFY(std::isnan(w.v.at(2))); // the two sources are never joined by a line
        QCOMPARE(w.v.at(3), 5.0);
        QCOMPARE(w.lo.size(), 5);
        QCOMPARE(held, std::optional<qint64>(90'000));
        for (qsizetype i = 1; i < w.t.size(); ++i)
            QVERIFY(w.t.at(i) > w.t.at(i - 1));

        // A recording that began before the first known value: the local
        // history starts there, and nothing fetched after it is used.
        held.reset();
        const SeriesWindow recorded = withBackfill(local, fetchedT, fetchedV, 60'000, 102'000, std::optional<qint64>(95'000), &held);
        QCOMPARE(recorded.t, (QVector<double>{90, 92.5, 100, 101, 102}));
        QCOMPARE(held, std::optional<qint64>(90'000));

        // Nothing fetched before the local history: the window as it was.
        held.reset();
        QCOMPARE(withBackfill(local, {101, 102}, {1, 1}, 60'000, 102'000, std::nullopt, &held).t, local.t);
        QVERIFY(!held);
    }
    // The previous period's words: a factor of 3 and a size worth saying,
    // the median of the previous points within five minutes of now, nothing
    // said without them; the values as the charts read them.
    void previousPeriodContrastHasEdges()
    {
        const double now = 1'800'000'000; // seconds
        QVector<double> t, v;
        for (int i = -20; i <= 20; ++i) { // every 30 s, ±10 min around now
            t << now + i * 30;
            v << (std::abs(i) <= 10 ? 200.0 : 5'000.0); // far from now it was different: not what is compared
        }
        const auto lag = [&](double today, double meaningful = 100) {
            return contrastWithPrevious(PreviousPeriod::Day, Metric::Lag, today, now, t, v, meaningful);
        };
        QVERIFY(!lag(599)); // 2.995×: not far outside
        const auto six = lag(1'200);
        QVERIFY(six);
        QCOMPARE(six->before, 200.0);
        QVERIFY(six->above);
        QCOMPARE(six->reason.code, QByteArray("above_previous_day"));
        QCOMPARE(renderReason(six->reason, ReasonLanguage::English), QStringLiteral("lag is 6× the same time a day earlier (1,200 against 200)"));
        const auto below = lag(50);
        QVERIFY(below);
        QCOMPARE(renderReason(below->reason, ReasonLanguage::English),
                 QStringLiteral("lag is 4× lower than the same time a day earlier (50 against 200)"));
        QVERIFY(!lag(50, 500)); // neither side is worth saying
        // From nothing: no factor, both values.
        QVector<double> zero(v.size(), 0.0);
        const auto fromZero = contrastWithPrevious(PreviousPeriod::Week, Metric::Lag, 150, now, t, zero, 100);
        QVERIFY(fromZero);
        QCOMPARE(fromZero->reason.code, QByteArray("above_previous_week"));
        QCOMPARE(renderReason(fromZero->reason, ReasonLanguage::English), QStringLiteral("lag is 150 where the same time a week earlier it was none"));
        // Nothing known near now (a gap, or points further than five minutes): nothing said.
        QVector<double> gaps(v.size(), std::nan(""));
        QVERIFY(!contrastWithPrevious(PreviousPeriod::Day, Metric::Lag, 1'200, now, t, gaps, 100));
        QVERIFY(!contrastWithPrevious(PreviousPeriod::Day, Metric::Lag, 1'200, now + 3'600, t, v, 100));
        QVERIFY(!contrastWithPrevious(PreviousPeriod::None, Metric::Lag, 1'200, now, t, v, 100));
        // Durations and rates as their charts say them.
        const auto behind = contrastWithPrevious(PreviousPeriod::Day, Metric::BehindSeconds, 1'800, now, t, v, 60);
        QVERIFY(behind);
        QCOMPARE(renderReason(behind->reason, ReasonLanguage::English),
                 fillText(QStringLiteral("behind is 9× the same time a day earlier (%1 against %2)"), formatDuration(1'800'000), formatDuration(200'000)));
        QVector<double> slow(v.size(), 40.0);
        const auto rate = contrastWithPrevious(PreviousPeriod::Day, Metric::InRate, 0.5, now, t, slow, 1);
        QVERIFY(rate);
        QVERIFY(!rate->above);
        QCOMPARE(renderReason(rate->reason, ReasonLanguage::English),
                 fillText(QStringLiteral("the in rate is 80× lower than the same time a day earlier (%1 against %2)"), formatRate(0.5), formatRate(40)));
    }

    // Recorded points as a chart series: moved by the period, a gap where
    // the recorder stopped for longer than three usual steps.
    void recordedSeriesMovesAndBreaks()
    {
        QList<StoredPoint> points;
        for (qint64 at : {0LL, 10'000LL, 20'000LL, 30'000LL, 100'000LL, 110'000LL}) {
            StoredPoint p;
            p.atMs = 1'000'000 + at;
            std::fill(std::begin(p.values), std::end(p.values), kNaN);
            p.values[int(Metric::Lag)] = float(at / 1000);
            points << p;
        }
        QVector<double> t, v;
        recordedSeries(points, Metric::Lag, 86'400'000, t, v);
        QCOMPARE(t.size(), 7); // six points and one gap
        QCOMPARE(t.first(), (1'000'000 + 86'400'000) / 1000.0);
        QCOMPARE(v.at(3), 30.0);
        QVERIFY(std::isnan(v.at(4)));
        QVERIFY(t.at(4) > t.at(3) && t.at(4) < t.at(5));
        QCOMPARE(v.last(), 110.0);
        recordedSeries({}, Metric::Lag, 0, t, v);
        QVERIFY(t.isEmpty() && v.isEmpty());
    }
};

PELSCOPE_UNIT_TEST(TestHistory)
#include "tst_history.moc"
