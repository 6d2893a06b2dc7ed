// The window's desktop notifications on a real redis-server, through an
// injected notifier that records what it would show: a group that turns CRIT
// (lag over the threshold) is told once, after three polls, and its recovery
// once; a blip shorter than that is not; six groups at once are one summary;
// a muted group is not told, and shows its mark in the overview.
#include "connection_view.h"
#include "desktop_alerts.h"
#include "itemmodels/group_table_model.h"
#include "main_window.h"
#include "poll_once.h"
#include "polling/poller_thread.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "test_settings.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

struct RecordingNotifier : Notifier
{
    bool available() const override { return true; }
    void show(const QString &title, const QString &text, Health severity) override { shown.append({title, text, severity}); }
    void setOverall(Health w, const QString &) override { worst = w; }
    struct Shown
    {
        QString title, text;
        Health severity;
    };
    QList<Shown> shown;
    Health worst = Health::Ok;
};

QByteArray group(int i)
{
    return "g" + QByteArray::number(i);
}

} // namespace

class TestDesktopAlerts : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_desktop_alerts")));
    }

    void notificationsFollowTheServer()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (int i = 0; i < 7; ++i)
            db.command({"XGROUP", "CREATE", "orders", group(i), "$", "MKSTREAM"});

        MainWindow window;
        RecordingNotifier notifier;
        window.alerts()->setNotifier(&notifier);
        ConnectionView &view = *window.addConnection();
        window.show();
        ProbeConfig config;
        config.thresholds.lagWarn = 5;
        config.thresholds.lagCrit = 10;
        PollerThread poller(optionsFor(server.url()), config);
        poller.setIntervalMs(150);
        connect(poller.poller(), &ConnectionPoller::snapshotReady, &view, &ConnectionView::applySnapshot);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(view.groupModel()->rowCount(), 7, 10000);
        QTest::qWait(600);
        QCOMPARE(notifier.shown.size(), 0); // all OK: nothing to tell

        // Every group but g0 reads everything from now on; 20 entries make g0 CRIT.
        const auto catchUp = [&] {
            for (int i = 1; i < 7; ++i)
                db.command({"XREADGROUP", "GROUP", group(i), "w", "COUNT", "1000", "STREAMS", "orders", ">"});
        };
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        catchUp();
        QTRY_COMPARE_WITH_TIMEOUT(notifier.shown.size(), 1, 10000);
        QVERIFY2(notifier.shown.first().title.startsWith(QStringLiteral("orders/g0 is CRIT")), qPrintable(notifier.shown.first().title));
        QVERIFY2(notifier.shown.first().text.contains(QStringLiteral("lag 20")), qPrintable(notifier.shown.first().text));
        QCOMPARE(notifier.shown.first().severity, Health::Crit);
        QCOMPARE(notifier.worst, Health::Crit);
        // Held at three polls: the group was CRIT for at least that long on screen first.
        QTest::qWait(800);
        QCOMPARE(notifier.shown.size(), 1); // told once

        // It catches up: recovered, told once.
        db.command({"XREADGROUP", "GROUP", group(0), "w", "COUNT", "1000", "STREAMS", "orders", ">"});
        QTRY_COMPARE_WITH_TIMEOUT(notifier.shown.size(), 2, 10000);
        QVERIFY2(notifier.shown.at(1).title.startsWith(QStringLiteral("orders/g0 recovered (OK)")), qPrintable(notifier.shown.at(1).title));
        QTRY_COMPARE_WITH_TIMEOUT(notifier.worst, Health::Ok, 5000);

        // Muted: g0 goes CRIT again and nothing is told; the overview marks it.
        window.alerts()->mute(view.label(), AlertSubject{AlertSubject::Kind::Group, "orders", group(0)}, DesktopAlerts::Mute::Always);
        const auto marked = [&view](const QByteArray &name) {
            const GroupTableModel *m = view.groupModel();
            for (int r = 0; r < m->rowCount(); ++r)
                if (m->index(r, 0).data(GroupTableModel::GroupNameRole).toByteArray() == name)
                    return m->index(r, GroupTableModel::Group).data(GroupTableModel::MutedRole).toBool()
                           && m->index(r, GroupTableModel::Group).data().toString().startsWith(QStringLiteral("🔕"));
            return false;
        };
        QVERIFY(marked(group(0)));
        QVERIFY(!marked(group(1)));
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", "again"});
        catchUp();
        QTRY_COMPARE_WITH_TIMEOUT(notifier.worst, Health::Crit, 10000);
        QTest::qWait(800);
        QCOMPARE(notifier.shown.size(), 2);

        // Six groups at once: one summary, not six.
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", "burst"});
        QTRY_COMPARE_WITH_TIMEOUT(notifier.shown.size(), 3, 10000);
        QVERIFY2(notifier.shown.at(2).title.startsWith(QStringLiteral("6 changed at once: 6 CRIT")), qPrintable(notifier.shown.at(2).title));
        QVERIFY(notifier.shown.at(2).text.contains(QStringLiteral("orders/g1 is CRIT")));
        QTest::qWait(800);
        QCOMPARE(notifier.shown.size(), 3);
        // The summary opens the overview; a single alert its group.
        QSignalSpy open(window.alerts(), &DesktopAlerts::openRequested);
        window.alerts()->openLast();
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().at(1).toString(), QStringLiteral("overview"));

    }
};

QTEST_MAIN(TestDesktopAlerts)
#include "tst_desktop_alerts.moc"
