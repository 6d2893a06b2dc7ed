// IncidentTracker over sequences of polls, each built as the probe builds
// its snapshot and judged by the real per-poll rules (evaluateGroup): what the
// status, the incident's start and the window rates must be at each poll. The
// same scenarios run against real servers and real consumers in
// tst_incidents_live (tests/integration).
#include "unit_tests.h"
#include "health/incident_tracker.h"
#include "snapshot/format.h"
#include "health/job_rules.h"
#include "report/report_incidents.h"
#include "text/fill_text.h"

#include <QTest>

using namespace pelscope;

namespace {

constexpr qint64 kT0 = 1'796'135'660'000; // server ms of the first poll
constexpr qint64 kSecond = 1'000;

struct GroupState
{
    qint64 lag = 0;
    qint64 entriesRead = 0;
    qint64 pending = 0;
    std::optional<qint64> behindMs;
    std::optional<qint64> oldestIdleMs;
    QList<ConsumerSnapshot> consumers;
};

// One poll of one stream "orders" with one group "billing".
SnapshotData poll(qint64 atMs, const GroupState &st, const HealthThresholds &t = {})
{
    SnapshotData d;
    d.takenAtMs = atMs;
    StreamSnapshot s;
    s.key = "orders";
    s.readAtMs = atMs;
    s.entriesAdded = st.entriesRead + st.lag;
    GroupSnapshot g;
    g.name = "billing";
    g.lag = st.lag;
    g.entriesRead = st.entriesRead;
    g.pending = st.pending;
    g.oldestUnreadAgeMs = st.behindMs;
    g.oldestIdleMs = st.oldestIdleMs;
    g.consumerList = st.consumers;
    g.consumers = st.consumers.size();
    for (const ConsumerSnapshot &c : st.consumers)
        if (c.idleMs)
            g.heldIdleMs.insert(c.name, *c.idleMs);
    g.health = evaluateGroup(s, g, t);
    s.groups = {g};
    d.streams = {s};
    return d;
}

const GroupSnapshot &only(const SnapshotData &d)
{
    return d.streams.first().groups.first();
}

} // namespace

class TestIncidents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A consumer that takes 10 entries and works on them 10 s: every tenth
    // poll its "behind" is unknown (the group moved since it was read), and
    // the verdict of that poll alone is WARN (lag) where the others are CRIT.
    // The status holds CRIT, and the incident's start never moves.
    void batchReaderDoesNotFlap()
    {
        IncidentTracker tracker;
        tracker.setThresholds({});
        int changes = 0;
        Health last = Health::Ok;
        qint64 since = 0;
        int evidenceDips = 0;
        for (int i = 0; i < 600; ++i) { // ten minutes of 1 s polls
            GroupState st;
            st.lag = 1'100 + i * 15;
            st.entriesRead = 10 * (i / 10);
            st.pending = 10;
            if (i % 10 != 0)
                st.behindMs = 400'000 + i * 1'000; // ≥ behind_crit (5 m)
            SnapshotData d = poll(kT0 + i * kSecond, st);
            evidenceDips += d.streams[0].groups[0].health.status != Health::Crit;
            tracker.apply(d);
            const HealthVerdict &v = only(d).health;
            if (i > 1 && v.status != last) // poll 0 had no "behind" yet: CRIT from poll 1, truly
                ++changes;
            last = v.status;
            if (i == 1)
                since = v.incident.sinceMs;
            if (i > 1)
                QCOMPARE(v.incident.sinceMs, since);
        }
        QVERIFY2(evidenceDips >= 59, "the scenario must dip every tenth poll, or it tests nothing");
        QCOMPARE(changes, 0);
        QCOMPARE(last, Health::Crit);
    }

    // Worse at the poll that proves it, better only after recover_after
    // without the worse evidence, said in the reasons while held.
    void worseAtOnceBetterAfterTheDwell()
    {
        IncidentTracker tracker;
        tracker.setThresholds({});
        int next = 0;
        // Polls every second up to `until` (inclusive) with this lag; the last verdict.
        const auto pollUntil = [&](int until, qint64 lag) {
            HealthVerdict v;
            for (; next <= until; ++next) {
                GroupState st;
                st.lag = lag;
                st.entriesRead = 100 * next;
                SnapshotData d = poll(kT0 + next * kSecond, st);
                tracker.apply(d);
                v = only(d).health;
            }
            return v;
        };
        QCOMPARE(pollUntil(0, 0).status, Health::Ok);
        QCOMPARE(pollUntil(1, 0).incident.sinceMs, 0);
        const HealthVerdict crit = pollUntil(2, 20'000);
        QCOMPARE(crit.status, Health::Crit);
        QCOMPARE(crit.incident.sinceMs, kT0 + 2 * kSecond);
        QCOMPARE(crit.incident.basis, IncidentMark::Basis::Observed);
        // The evidence goes away at poll 3: held until 60 s have passed without it.
        for (int i = 3; i < 62; ++i) {
            const HealthVerdict held = pollUntil(i, 0);
            QCOMPARE(held.status, Health::Crit);
            QCOMPARE(held.incident.evidence, Health::Ok);
            QCOMPARE(held.reasons.last().code, QByteArray("held"));
        }
        const HealthVerdict ok = pollUntil(62, 0);
        QCOMPARE(ok.status, Health::Ok);
        QVERIFY(ok.reasons.isEmpty());
        // OK, and the incident not over: a relapse within 5 min is the same one.
        QCOMPARE(ok.incident.sinceMs, kT0 + 2 * kSecond);
        QCOMPARE(ok.incident.quietSinceMs, kT0 + 62 * kSecond);
        pollUntil(99, 0);
        const HealthVerdict relapse = pollUntil(100, 5'000);
        QCOMPARE(relapse.status, Health::Warn);
        QCOMPARE(relapse.incident.sinceMs, kT0 + 2 * kSecond);
        QCOMPARE(relapse.incident.worst, Health::Crit);
        // OK from 160 (the relapse's dwell), over 5 min later.
        QCOMPARE(pollUntil(160, 0).status, Health::Ok);
        QCOMPARE(pollUntil(459, 0).incident.sinceMs, kT0 + 2 * kSecond);
        QCOMPARE(pollUntil(460, 0).incident.sinceMs, 0);
        const HealthVerdict fresh = pollUntil(461, 5'000);
        QCOMPARE(fresh.incident.sinceMs, kT0 + 461 * kSecond);
        QCOMPARE(fresh.incident.worst, Health::Warn);
    }

    // A framework's dead letters that keep growing (issue 46): the failed set
    // of a BullMQ queue going 7 -> 30 over a minute is WARN once it rose by
    // failed_growth_warn within trend_window, with the counts and the newest
    // failure; a large but steady failed set is not; a set emptied by an
    // operator and refilling counts from its least value.
    void growingFailuresAreAnIncident()
    {
        IncidentTracker tracker;
        tracker.setThresholds({});
        const auto pollWith = [&](int second, qint64 failed) {
            SnapshotData d;
            d.takenAtMs = kT0 + second * kSecond;
            JobQueueSnapshot q;
            q.framework = JobFramework::BullMQ;
            q.prefix = "bull";
            q.name = "mail";
            q.key = "bull:mail:wait";
            q.waiting = 0;
            q.failed = failed;
            q.newestFailure = QStringLiteral("attempts exhausted: SMTP 550");
            q.health = evaluateJobQueue(q, {});
            d.jobQueues.append(q);
            tracker.apply(d);
            return d.jobQueues.first().health;
        };
        // Steady at 500 for a minute: OK.
        for (int i = 0; i < 60; ++i)
            QCOMPARE(pollWith(i, 500).status, Health::Ok);
        IncidentTracker growing;
        growing.setThresholds({});
        std::swap(tracker, growing);
        QCOMPARE(pollWith(0, 7).status, Health::Ok);
        QCOMPARE(pollWith(10, 9).status, Health::Ok);
        QCOMPARE(pollWith(20, 11).status, Health::Ok); // 4 more: below 5
        const HealthVerdict warn = pollWith(30, 12);
        QCOMPARE(warn.status, Health::Warn);
        QCOMPARE(warn.reasons.first().code, QByteArray("failures_growing"));
        QCOMPARE(renderReason(warn.reasons.first(), ReasonLanguage::English),
                 fillText(QStringLiteral("5 more failed job(s) in %1 (7 → 12); the newest: attempts exhausted: SMTP 550"), formatDuration(30'000)));
        QCOMPARE(pollWith(72, 30).status, Health::Warn);
    }

    // Opened on an incident already under way: "since" from the data, not
    // the first poll — the oldest pending idle past its warning threshold
    // crossed it idle - warn before now.
    void firstPollDerivesTheStart_data()
    {
        QTest::addColumn<std::optional<qint64>>("idle");
        QTest::addColumn<std::optional<qint64>>("behind");
        QTest::addColumn<qint64>("wantSinceAgoMs");
        QTest::addColumn<QByteArray>("from");
        // idle 6 m, warn at 1 m: crossed 5 m ago.
        QTest::newRow("oldest idle") << std::optional<qint64>(360'000) << std::optional<qint64>() << qint64(300'000) << QByteArray("oldest_idle");
        // behind 20 m, warn at 1 m: the unread entry crossed 19 m ago.
        QTest::newRow("behind") << std::optional<qint64>() << std::optional<qint64>(1'200'000) << qint64(1'140'000) << QByteArray("behind");
        // Both: the earlier crossing.
        QTest::newRow("both") << std::optional<qint64>(360'000) << std::optional<qint64>(1'200'000) << qint64(1'140'000) << QByteArray("behind");
    }
    void firstPollDerivesTheStart()
    {
        QFETCH(std::optional<qint64>, idle);
        QFETCH(std::optional<qint64>, behind);
        QFETCH(qint64, wantSinceAgoMs);
        QFETCH(QByteArray, from);
        IncidentTracker tracker;
        tracker.setThresholds({});
        GroupState st;
        st.lag = 50;
        st.pending = idle ? 3 : 0;
        st.oldestIdleMs = idle;
        st.behindMs = behind;
        SnapshotData d = poll(kT0, st);
        tracker.apply(d);
        const IncidentMark &i = only(d).health.incident;
        QCOMPARE(i.basis, IncidentMark::Basis::Derived);
        QCOMPARE(i.sinceMs, kT0 - wantSinceAgoMs);
        QCOMPARE(i.derivedFrom, from);
    }

    // Lag alone carries no time: "at least since the first poll", until a
    // timed reading dates it.
    void watchingUntilTheDataDatesIt()
    {
        IncidentTracker tracker;
        tracker.setThresholds({});
        GroupState st;
        st.lag = 5'000;
        SnapshotData d = poll(kT0, st);
        tracker.apply(d);
        QCOMPARE(only(d).health.incident.basis, IncidentMark::Basis::Watching);
        QCOMPARE(only(d).health.incident.sinceMs, kT0);
        st.behindMs = 600'000; // read at the second poll: 10 m behind, warn at 1 m
        d = poll(kT0 + kSecond, st);
        tracker.apply(d);
        QCOMPARE(only(d).health.incident.basis, IncidentMark::Basis::Derived);
        QCOMPARE(only(d).health.incident.sinceMs, kT0 + kSecond - 540'000);
    }

    // A consumer that reads 10 every 10 s reads 1/s over the window, at every
    // poll, where two polls apart it read 10/s and 0 in turn.
    void ratesOverTheWindow()
    {
        IncidentTracker tracker;
        tracker.setThresholds({});
        for (int i = 0; i < 300; ++i) {
            GroupState st;
            st.entriesRead = 10 * (i / 10);
            st.lag = 2 * i - st.entriesRead; // 2/s in
            SnapshotData d = poll(kT0 + i * kSecond, st);
            tracker.apply(d);
            const std::optional<WindowRate> out = only(d).outRate;
            const std::optional<WindowRate> in = d.streams[0].inRate;
            if (i == 0) {
                QVERIFY(!out && !in);
                continue;
            }
            QVERIFY(out && in);
            QVERIFY2(in->perSecond > 1.99 && in->perSecond < 2.01, qPrintable(QString::number(in->perSecond)));
            if (i >= 60) {
                QVERIFY2(out->windowMs >= 60'000 && out->windowMs <= 62'000, qPrintable(QString::number(out->windowMs)));
                QVERIFY2(out->perSecond >= 0.8 && out->perSecond <= 1.2, qPrintable(fillText(QStringLiteral("poll %1: %2/s"), i, out->perSecond)));
            }
        }
    }

    // A claim resets the entries' idle, so the poll alone says OK: the group
    // is "recovering" (WARN) until the consumer that took them no longer
    // holds them, then OK after the dwell.
    void aClaimIsNotARecovery()
    {
        IncidentTracker tracker;
        HealthThresholds t;
        tracker.setThresholds(t);
        const auto at = [&](int i, qint64 deadHolds, std::optional<qint64> deadIdle, qint64 liveHolds) {
            GroupState st;
            st.entriesRead = 1'000;
            st.pending = deadHolds + liveHolds;
            st.oldestIdleMs = deadIdle ? deadIdle : std::optional<qint64>(liveHolds > 0 ? 2'000 : 0);
            if (deadHolds > 0 || deadIdle)
                st.consumers << ConsumerSnapshot{"shipping-2", deadHolds, deadIdle, {}};
            st.consumers << ConsumerSnapshot{"shipping-1", liveHolds, 500, {}};
            SnapshotData d = poll(kT0 + i * kSecond, st, t);
            tracker.apply(d);
            return only(d).health;
        };
        // shipping-2 died holding 30 entries, idle 10 m: CRIT, its name said.
        HealthVerdict v = at(0, 30, 600'000, 0);
        QCOMPARE(v.status, Health::Crit);
        QCOMPARE(v.stalled.size(), 1);
        v = at(1, 30, 601'000, 0);
        // Claimed to shipping-1: the poll alone is OK, the group is recovering.
        v = at(2, 0, 1'000, 30);
        QVERIFY(v.incident.recovering);
        QCOMPARE(v.incident.evidence, Health::Warn);
        QCOMPARE(v.status, Health::Crit); // held: the claim reset the idle, nothing was processed
        // Long after the dwell, shipping-1 still holding 12 of them: WARN, recovering.
        for (int i = 3; i <= 200; ++i)
            v = at(i, 0, 1'000, 30 - (i * 18) / 200);
        QCOMPARE(v.status, Health::Warn);
        QVERIFY(v.incident.recovering);
        QVERIFY2(renderReason(v.reasons.first(), ReasonLanguage::English).contains(QStringLiteral("12 of the 30 entries claimed")),
                 qPrintable(renderReason(v.reasons.first(), ReasonLanguage::English)));
        // All acknowledged: OK once the dwell has passed.
        v = at(201, 0, 1'000, 0);
        QVERIFY(!v.incident.recovering);
        QCOMPARE(v.status, Health::Warn); // held
        for (int i = 202; i <= 261; ++i)
            v = at(i, 0, 1'000, 0);
        QCOMPARE(v.status, Health::Ok);
    }

    // The report's timeline: a night of flaps recorded by an older version is
    // one incident with its flaps counted, the dead consumer named once; an
    // OK that held incident_end_after splits two incidents.
    void reportFoldsFlapsIntoIncidents()
    {
        const GroupKey key{"orders", "analytics"};
        const Reason lag = healthReason("lag", "lag %1 ≥ %2 unread entries", {ReasonArg::count(6'843), ReasonArg::count(1'000)});
        const Reason dead = healthReason("stalled_consumer", "%1 holds %2", {ReasonArg::name("analytics-2"), ReasonArg::count(30)});
        QList<TimelineChange> changes;
        for (int i = 0; i < 400; ++i) // 200 flaps, CRIT/WARN every 10 s
            changes.append({kT0 + i * 10'000, key, i % 2 ? Health::Warn : Health::Crit, i % 2 ? QList<Reason>{lag} : QList<Reason>{lag, dead}, i == 0});
        changes.append({kT0 + 4'000'000, key, Health::Ok, {}, false});
        changes.append({kT0 + 4'000'000 + 600'000, key, Health::Warn, {lag}, false}); // after 10 min of OK: a new one
        const QList<ReportIncident> incidents = foldIncidents(changes, 300'000);
        QCOMPARE(incidents.size(), 2);
        const ReportIncident &night = incidents.first(); // the worst first
        QCOMPARE(night.worst, Health::Crit);
        QCOMPARE(night.startMs, kT0);
        QVERIFY(night.startAtLeast);
        QCOMPARE(night.endMs, kT0 + 4'000'000);
        QCOMPARE(night.changes, 400);
        QCOMPARE(night.reasonsSeen.size(), 2); // lag and the dead consumer, once each
        const QString text = incidentLines(night, {}, {}, kT0 + 5'000'000).join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("analytics-2 holds 30")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("400 status changes folded into this incident")), qPrintable(text));
        QCOMPARE(incidents.last().endMs, 0); // still open
    }

    // The drain forecast's edges (issue 50), each row one pipeline run for
    // two minutes of 1 s polls: what it must say at 20 s (too few polls) and
    // at the end, and the ETA within 5 % of the truth where it gives one.
    void drainForecast_data()
    {
        QTest::addColumn<qint64>("startLag");
        QTest::addColumn<int>("inEvery");  // one entry added every N polls (0: none)
        QTest::addColumn<int>("inBatch");
        QTest::addColumn<int>("outEvery"); // a batch read every N polls (0: none)
        QTest::addColumn<int>("outBatch");
        QTest::addColumn<int>("want");     // DrainForecast::State
        QTest::addColumn<QByteArray>("code");
        using S = DrainForecast::State;
        QTest::newRow("draining: in 10/s, out 15/s") << qint64(3'000) << 1 << 10 << 1 << 15 << int(S::Draining) << QByteArray("draining");
        QTest::newRow("draining in batches: 60 every 10 s, in 2/s") << qint64(3'000) << 1 << 2 << 10 << 60 << int(S::Draining) << QByteArray("draining");
        QTest::newRow("growing: in 10/s, out 7/s") << qint64(500) << 1 << 10 << 1 << 7 << int(S::Growing) << QByteArray("growing");
        QTest::newRow("steady in batches: 50 every 10 s, in 5/s") << qint64(800) << 1 << 5 << 10 << 50 << int(S::Steady) << QByteArray("steady");
        QTest::newRow("stalled: nothing read") << qint64(800) << 1 << 1 << 0 << 0 << int(S::Unknown) << QByteArray("drain_nothing_read");
        QTest::newRow("idle and caught up") << qint64(0) << 0 << 0 << 0 << 0 << int(S::Steady) << QByteArray("drain_clear");
    }
    void drainForecast()
    {
        QFETCH(qint64, startLag);
        QFETCH(int, inEvery);
        QFETCH(int, inBatch);
        QFETCH(int, outEvery);
        QFETCH(int, outBatch);
        QFETCH(int, want);
        QFETCH(QByteArray, code);
        IncidentTracker tracker;
        tracker.setThresholds({});
        qint64 added = startLag, read = 0;
        DrainForecast last;
        for (int i = 0; i <= 120; ++i) {
            if (i > 0 && inEvery > 0 && i % inEvery == 0)
                added += inBatch;
            if (i > 0 && outEvery > 0 && i % outEvery == 0)
                read = std::min(added, read + outBatch);
            GroupState st;
            st.entriesRead = read;
            st.lag = added - read;
            SnapshotData d = poll(kT0 + i * kSecond, st);
            tracker.apply(d);
            last = only(d).health.drain;
            if (i == 20) {
                QCOMPARE(last.state, DrainForecast::State::Unknown);
                QCOMPARE(last.why.code, QByteArray("drain_too_few_polls"));
            }
        }
        QCOMPARE(int(last.state), want);
        QCOMPARE(last.why.code, code);
        QVERIFY(last.basisMs >= kDrainMinBasisMs);
        if (last.state == DrainForecast::State::Draining) {
            // The truth: the lag now over the pipeline's net pace.
            const double net = double(outBatch) / outEvery - double(inBatch) / inEvery;
            const double trueEtaMs = double(added - read) / net * 1000.0;
            // Within 5 % of it for a steady reader, 35 % for one in batches (issue 50's bound).
            const double bound = outEvery == 1 ? 0.05 : 0.35;
            QVERIFY2(std::abs(double(*last.etaMs) - trueEtaMs) <= bound * trueEtaMs,
                     qPrintable(fillText(QStringLiteral("eta %1 ms, true %2 ms"), *last.etaMs, trueEtaMs)));
        } else {
            QVERIFY(!last.etaMs);
        }
    }

    // Burrow's rule (issue 50, item 2): lag that never fell over the trend
    // window while the group reads is "falling behind" below any threshold;
    // a batch reader, a bursty producer and a group that reads nothing never
    // are. Half an hour of 1 s polls each.
    void fallingBehind_data()
    {
        QTest::addColumn<int>("addedPerSecond"); // steady input
        QTest::addColumn<int>("burstEvery");     // plus a burst of 300 every N s (0: none)
        QTest::addColumn<int>("readEvery");      // a batch read every N s (0: none)
        QTest::addColumn<int>("readBatch");
        QTest::addColumn<bool>("falling");
        QTest::newRow("slow decline: in 3/s, out 10 every 5 s") << 3 << 0 << 5 << 10 << true;
        QTest::newRow("healthy batch reader: in 2/s, out 10 every 5 s") << 2 << 0 << 5 << 10 << false;
        QTest::newRow("bursty but healthy: 300 every 2 min, out 5/s") << 0 << 120 << 1 << 5 << false;
        QTest::newRow("reads nothing: stalled, not slow") << 1 << 0 << 0 << 0 << false;
    }
    void fallingBehind()
    {
        QFETCH(int, addedPerSecond);
        QFETCH(int, burstEvery);
        QFETCH(int, readEvery);
        QFETCH(int, readBatch);
        QFETCH(bool, falling);
        IncidentTracker tracker;
        tracker.setThresholds({});
        qint64 added = 100, read = 0;
        std::optional<int> firstAt;
        for (int i = 0; i <= 1'800; ++i) {
            added += addedPerSecond + (burstEvery > 0 && i % burstEvery == 0 ? 300 : 0);
            if (readEvery > 0 && i % readEvery == 0)
                read = std::min(added, read + readBatch);
            GroupState st;
            st.entriesRead = read;
            st.lag = added - read;
            SnapshotData d = poll(kT0 + i * kSecond, st);
            tracker.apply(d);
            const HealthVerdict &v = only(d).health;
            const bool said = std::any_of(v.reasons.cbegin(), v.reasons.cend(), [](const Reason &r) { return r.code == "falling_behind"; });
            if (said && !firstAt)
                firstAt = i;
            if (firstAt && falling)
                QVERIFY2(said || v.status == Health::Warn, qPrintable(fillText(QStringLiteral("poll %1"), i)));
        }
        QCOMPARE(firstAt.has_value(), falling);
        if (falling) // within the window and one reading of its start, and long before lag_warn (1,000)
            QVERIFY2(*firstAt <= 330 && 100 + *firstAt * 1 < 1'000, qPrintable(QString::number(*firstAt)));
    }

    // [runbooks]: the subject exactly, then its stream's wildcard, then the
    // first reason's code; only http(s) links; none while OK.
    void runbooks()
    {
        HealthThresholds t;
        QVERIFY(t.runbooks.set(QStringLiteral("lag"), QStringLiteral("javascript:alert(1)")).contains(QStringLiteral("not an http(s) URL")));
        QVERIFY(t.runbooks.set(QStringLiteral("lag"), QStringLiteral("file:///etc/passwd")).contains(QStringLiteral("not an http(s) URL")));
        QVERIFY(t.runbooks.set(QStringLiteral("lag"), QStringLiteral("https://wiki.example/lag")).isEmpty());
        QVERIFY(t.runbooks.set(QStringLiteral("orders/*"), QStringLiteral("https://wiki.example/orders")).isEmpty());
        QVERIFY(t.runbooks.set(QStringLiteral("orders/billing"), QStringLiteral("https://wiki.example/billing")).isEmpty());
        const auto runbookOf = [&](const QByteArray &stream, const QByteArray &group, qint64 lag) {
            IncidentTracker tracker;
            tracker.setThresholds(t);
            GroupState st;
            st.lag = lag;
            SnapshotData d = poll(kT0, st, t);
            d.streams[0].key = stream;
            d.streams[0].groups[0].name = group;
            tracker.apply(d);
            return only(d).health.runbook;
        };
        QCOMPARE(runbookOf("orders", "billing", 5'000), QStringLiteral("https://wiki.example/billing"));
        QCOMPARE(runbookOf("orders", "analytics", 5'000), QStringLiteral("https://wiki.example/orders"));
        QCOMPARE(runbookOf("payments", "ledger", 5'000), QStringLiteral("https://wiki.example/lag"));
        QCOMPARE(runbookOf("payments", "ledger", 0), QString()); // OK: nothing to do
        // A queue's key with neither '/' nor ':' names its subject too.
        QVERIFY(t.runbooks.set(QStringLiteral("delayed_queue"), QStringLiteral("https://wiki.example/scheduler")).isEmpty());
        HealthVerdict late;
        late.status = Health::Crit;
        QCOMPARE(t.runbooks.urlFor(QStringLiteral("delayed_queue"), late), QStringLiteral("https://wiki.example/scheduler"));
        QCOMPARE(t.runbooks.urlFor(QStringLiteral("other_queue"), late), QString());
    }

    // What the server no longer has is forgotten: a stream per request
    // would otherwise be kept for ever.
    void goneSubjectsAreForgotten()
    {
        IncidentTracker tracker;
        tracker.setThresholds({});
        GroupState st;
        st.lag = 50'000;
        SnapshotData d = poll(kT0, st);
        tracker.apply(d);
        SnapshotData empty;
        empty.takenAtMs = kT0 + kSecond;
        tracker.apply(empty);
        d = poll(kT0 + 2 * kSecond, st);
        tracker.apply(d);
        QCOMPARE(only(d).health.incident.sinceMs, kT0 + 2 * kSecond); // a new incident: the old one went with its group
    }
};

PELSCOPE_UNIT_TEST(TestIncidents)
#include "tst_incidents.moc"
